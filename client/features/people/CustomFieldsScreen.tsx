import { Anchor, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CUSTOM_FIELD_TYPE_LABELS,
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
} from '../../../shared/people/customFields';
import { useSession } from '../../lib/session';
import { useConfirm } from '../../ui/confirm';
import { useFeedback } from '../../ui/FeedbackBanner';
import { PageHeader } from '../../ui/PageHeader';
import { LoadFailed, Loading } from '../../ui/QueryState';
import { ScrollTable } from '../../ui/ScrollTable';
import { useCustomFields, useDeleteCustomField } from './customFieldsApi';

const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((value) => ({ value, label: CUSTOM_FIELD_TYPE_LABELS[value] }));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** /admin/custom-fields (admin only): every field sorted by label, filtered by type. */
export function CustomFieldsScreen() {
  const { event } = useSession();
  const eventId = event?.id ?? '';
  const fields = useCustomFields(eventId);
  const remove = useDeleteCustomField(eventId);
  const confirm = useConfirm();
  const feedback = useFeedback();
  const [type, setType] = useState<CustomFieldType | null>(null);
  const shown = (fields.data?.items ?? []).filter((f) => !type || f.type === type);

  const askDelete = (field: CustomField) =>
    confirm({
      title: 'Delete custom field',
      message: `${field.label} and its value in every team will be deleted.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(field.id, {
          onSuccess: () => feedback.success('The custom field has been deleted'),
          onError: (error) => feedback.error(error),
        }),
    });

  return (
    <PageHeader
      title="Custom fields"
      breadcrumbs={[{ label: 'Admin', to: '/admin' }, { label: 'Custom fields' }]}
      actions={
        <Group gap="xs">
          <Button variant="default" component={Link} to="/admin/custom-fields/reorder">
            Reorder
          </Button>
          <Button component={Link} to="/admin/custom-fields/add">
            Add custom field
          </Button>
        </Group>
      }
      tips="A field's type cannot change after it is created. Adding a field gives every team its default value."
    >
      <Select
        label="Type"
        placeholder="All types"
        data={TYPE_OPTIONS}
        value={type}
        onChange={(value) => setType(CUSTOM_FIELD_TYPES.find((t) => t === value) ?? null)}
        clearable
        w={200}
        mb="md"
      />
      {fields.isPending ? (
        <Loading label="Loading the custom fields" />
      ) : fields.isError ? (
        <LoadFailed
          title="The custom fields could not be loaded"
          error={fields.error}
          retry={fields.refetch}
        />
      ) : shown.length === 0 ? (
        <Paper withBorder p="xl" ta="center" radius="md">
          <Stack align="center" gap="sm">
            <Text>{type ? 'No custom fields of this type.' : 'There are no custom fields yet.'}</Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <ScrollTable label="Custom fields" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Label</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Show field</Table.Th>
                <Table.Th>Show to stand shares</Table.Th>
                <Table.Th>Required</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((field) => (
                <Table.Tr key={field.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/custom-fields/${field.id}`} fw={600}>
                      {field.label}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{CUSTOM_FIELD_TYPE_LABELS[field.type]}</Table.Td>
                  <Table.Td>{yesNo(field.showField)}</Table.Td>
                  <Table.Td>{yesNo(field.showToChildTeams)}</Table.Td>
                  <Table.Td>{yesNo(field.isRequired)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Delete ${field.label}`}
                      onClick={() => askDelete(field)}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </Paper>
      )}
    </PageHeader>
  );
}

export { CustomFieldsScreen as Component };
