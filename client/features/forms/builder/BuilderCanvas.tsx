import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { FormDefinition } from '../../../../shared/forms';
import { fieldTypeOf } from '../../../../shared/forms';
import { SortableList } from '../../portal/SortableList';
import { deleteField, duplicateField, reorderFields } from './definition-edits';

/**
 * The form's fields in order, reordered by drag and drop or by keyboard (focus a handle, Space,
 * arrows, Space). A newPage field is drawn as a page break.
 */
export function BuilderCanvas({
  definition,
  onChange,
  selectedId,
  onSelect,
}: {
  definition: FormDefinition;
  onChange: (definition: FormDefinition) => void;
  selectedId: string | null;
  onSelect: (fieldId: string) => void;
}) {
  const fields = definition.form.fieldIds.flatMap((id) => {
    const field = definition.fields[id];
    return field ? [field] : [];
  });
  if (fields.length === 0) {
    return <Text c="dimmed">This form has no fields yet. Add one from the list of field types.</Text>;
  }
  return (
    <Stack gap={6} aria-label="Form fields" role="list">
      <SortableList
        items={fields}
        getId={(field) => field.id}
        handleLabel={(field) => `Move ${field.label || fieldTypeOf(field).displayName}`}
        onReorder={(ordered) =>
          onChange(
            reorderFields(
              definition,
              ordered.map((field) => field.id),
            ),
          )
        }
        renderItem={(field, handle) => {
          const name = field.label || fieldTypeOf(field).displayName;
          return (
            <Paper
              role="listitem"
              withBorder
              p="xs"
              bg={selectedId === field.id ? 'var(--mantine-color-blue-light)' : undefined}
            >
              {field.type === 'newPage' && <Divider label={`Page break: ${name}`} labelPosition="center" />}
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  {handle}
                  <Button variant="subtle" size="compact-sm" onClick={() => onSelect(field.id)}>
                    {name}
                  </Button>
                  <Text size="xs" c="dimmed">
                    {fieldTypeOf(field).displayName}
                    {field.isRequired ? ', required' : ''}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Duplicate ${name}`}
                    onClick={() => onChange(duplicateField(definition, field.id))}
                  >
                    Duplicate
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    color="red"
                    aria-label={`Delete ${name}`}
                    onClick={() => onChange(deleteField(definition, field.id))}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        }}
      />
    </Stack>
  );
}
