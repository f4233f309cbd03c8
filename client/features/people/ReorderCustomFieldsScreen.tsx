import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CustomField } from '../../../shared/people/customFields';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { useCustomFields, useReorderCustomFields } from './customFieldsApi';
import { LoadFailed, Loading } from './teamParts';

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

function ReorderList({ fields, eventId }: { fields: CustomField[]; eventId: string }) {
  const [order, setOrder] = useState(() => [...fields].sort((a, b) => a.index - b.index));
  const reorder = useReorderCustomFields(eventId);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const save = () =>
    reorder.mutate(
      order.map((f) => f.id),
      {
        onSuccess: () => {
          feedback.success();
          navigate('/admin/custom-fields');
        },
        onError: (error) => feedback.error(error),
      },
    );
  return (
    <Stack gap="md" maw={560}>
      {/* Buttons rather than drag and drop: reachable by keyboard, and no drag library is installed. */}
      <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Custom field order">
        {order.map((field, i) => (
          <Paper key={field.id} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between">
              <Text size="sm">{field.label}</Text>
              <Group gap={4}>
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${field.label} up`}
                  disabled={i === 0}
                  onClick={() => setOrder((o) => move(o, i, i - 1))}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${field.label} down`}
                  disabled={i === order.length - 1}
                  onClick={() => setOrder((o) => move(o, i, i + 1))}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group>
        <Button onClick={save} loading={reorder.isPending}>
          Save order
        </Button>
        <Button variant="default" component={Link} to="/admin/custom-fields">
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/custom-fields/reorder: the order fields appear in on team forms. */
export function ReorderCustomFieldsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const fields = useCustomFields(eventId);
  return (
    <PageHeader
      title="Reorder custom fields"
      breadcrumbs={[
        { label: 'Admin', to: '/admin' },
        { label: 'Custom fields', to: '/admin/custom-fields' },
        { label: 'Reorder' },
      ]}
    >
      {fields.isPending ? (
        <Loading label="Loading the custom fields" />
      ) : fields.isError ? (
        <LoadFailed
          title="The custom fields could not be loaded"
          error={fields.error}
          retry={fields.refetch}
        />
      ) : fields.data.items.length === 0 ? (
        <Text>There are no custom fields yet.</Text>
      ) : (
        <ReorderList fields={fields.data.items} eventId={eventId} />
      )}
    </PageHeader>
  );
}

export { ReorderCustomFieldsScreen as Component };
