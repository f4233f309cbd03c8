import { arrayMove } from '@dnd-kit/sortable';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CustomField } from '../../../shared/people/customFields';
import { useSession } from '../../lib/session';
import { useFeedback } from '../../ui/FeedbackBanner';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { SortableList } from '../../ui/SortableList';
import { useCustomFields, useReorderCustomFields } from './customFieldsApi';

/**
 * The new order is kept on screen until Save: drag a field by its handle (mouse, touch, or the
 * keyboard: space to lift, arrows to move, space to drop), or use Move up / Move down.
 */
function ReorderList({ fields, eventId }: { fields: CustomField[]; eventId: string }) {
  const [order, setOrder] = useState(() => [...fields].sort((a, b) => a.index - b.index));
  const reorder = useReorderCustomFields(eventId);
  const feedback = useFeedback();
  const navigate = useNavigate();
  const moveTo = (from: number, to: number) => setOrder((o) => arrayMove(o, from, to));
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
      <Text size="sm" c="dimmed">
        Team forms show the fields in this order. Drag a field by its handle, or use the arrows, then save.
      </Text>
      <SortableList
        items={order}
        getId={(field) => field.id}
        onReorder={setOrder}
        rowElement="li"
        wrap={(rows) => (
          <Stack gap={4} component="ol" p={0} m={0} aria-label="Custom field order">
            {rows}
          </Stack>
        )}
        handleLabel={(field) => `Drag ${field.label}`}
        renderItem={(field, handle, i) => (
          <FieldRow
            field={field}
            handle={handle}
            isFirst={i === 0}
            isLast={i === order.length - 1}
            onMove={(step) => moveTo(i, i + step)}
          />
        )}
      />
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

function FieldRow(props: {
  field: CustomField;
  handle: ReactNode;
  isFirst: boolean;
  isLast: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const { field, handle, isFirst, isLast, onMove } = props;
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          {handle}
          <Text size="sm">{field.label}</Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={`Move ${field.label} up`}
            disabled={isFirst}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={`Move ${field.label} down`}
            disabled={isLast}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
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
        <ListEmptyState
          filtered={false}
          onClearFilters={() => {}}
          noun="custom fields"
          add={{ label: 'Add custom field', to: '/admin/custom-fields/add' }}
        />
      ) : (
        <ReorderList fields={fields.data.items} eventId={eventId} />
      )}
    </PageHeader>
  );
}

export { ReorderCustomFieldsScreen as Component };
