import { ActionIcon, Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { FieldOf } from '../../../../../shared/forms/schema/field';
import {
  ADDRESS_PARTS,
  NAME_PARTS,
  REPEATER_CELLS,
  type RepeaterCell,
  repeaterCellTypeSchema,
} from '../../../../../shared/forms/schema/fields-answer';
import type { EditorProps } from './fieldIssues';

const groupStyle = { border: 0, padding: 0, margin: 0 };

/** Readable names of the parts, for the inputs' labels (the part's own label may be blank). */
const PART_NAMES: Record<string, string> = {
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  county: 'County',
  country: 'Country',
  postcode: 'Postcode',
  prefix: 'Prefix',
  firstName: 'First name',
  middleName: 'Middle name',
  surname: 'Surname',
  postNominals: 'Post-nominals',
};

type PartsField = FieldOf<'address'> | FieldOf<'fullName'>;

/** An address's or a name's parts: each part's label, and whether the form shows it. */
export function PartsEditor({ field, onChange, disabled }: EditorProps<PartsField>) {
  const parts: readonly string[] = field.type === 'address' ? ADDRESS_PARTS : NAME_PARTS;
  const record = field as unknown as Record<string, { label: string; show: boolean }>;
  return (
    <Stack gap="xs" component="fieldset" style={groupStyle}>
      <Text component="legend" fw={600} size="sm">
        Parts
      </Text>
      {parts.map((part) => {
        const value = record[part] ?? { label: '', show: false };
        const name = PART_NAMES[part] ?? part;
        return (
          <Group key={part} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={`${name} label`}
              value={value.label}
              disabled={disabled}
              onChange={(e) =>
                onChange({ [part]: { ...value, label: e.currentTarget.value } } as Partial<PartsField>)
              }
              style={{ flex: 1 }}
            />
            <Checkbox
              label="Show"
              aria-label={`Show ${name}`}
              checked={value.show}
              disabled={disabled}
              onChange={(e) =>
                onChange({ [part]: { ...value, show: e.currentTarget.checked } } as Partial<PartsField>)
              }
              mb={8}
            />
          </Group>
        );
      })}
    </Stack>
  );
}

const CELL_TYPES = repeaterCellTypeSchema.options.map((value) => ({
  value,
  label: { text: 'Text', email: 'Email', tel: 'Phone', url: 'Web address', number: 'Number', date: 'Date' }[
    value
  ],
}));

/** A repeater's columns: one to four cells, each a label and an input type. */
export function RepeaterEditor({ field, onChange, disabled, issues }: EditorProps<FieldOf<'repeater'>>) {
  const cells = field.cellSchema;
  const used = REPEATER_CELLS.filter((cell) => cells[cell]);
  const free = REPEATER_CELLS.find((cell) => !cells[cell]);
  const setCell = (cell: RepeaterCell, value: (typeof cells)[RepeaterCell]) => {
    const next = { ...cells, [cell]: value };
    if (!value) delete next[cell];
    onChange({ cellSchema: next });
  };
  return (
    <Stack gap="xs" component="fieldset" style={groupStyle}>
      <Text component="legend" fw={600} size="sm">
        Cells
      </Text>
      {used.map((cell, index) => {
        const value = cells[cell] ?? { label: '', type: 'text' as const };
        return (
          <Group key={cell} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={`Cell ${index + 1} label`}
              value={value.label}
              disabled={disabled}
              onChange={(e) => setCell(cell, { ...value, label: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <Select
              label={`Cell ${index + 1} type`}
              data={CELL_TYPES}
              value={value.type}
              allowDeselect={false}
              disabled={disabled}
              onChange={(next) => {
                const type = repeaterCellTypeSchema.safeParse(next);
                if (type.success) setCell(cell, { ...value, type: type.data });
              }}
              w={130}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove cell ${index + 1}`}
              // A repeater keeps at least one cell (the schema's rule).
              disabled={disabled || used.length === 1}
              onClick={() => setCell(cell, undefined)}
              mb={4}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {issues.cellSchema && (
        <Text size="sm" c="red" role="alert">
          {issues.cellSchema}
        </Text>
      )}
      <Button
        variant="default"
        size="xs"
        disabled={disabled || !free}
        onClick={() => free && setCell(free, { label: `Cell ${used.length + 1}`, type: 'text' })}
      >
        {free ? 'Add cell' : 'Four cells at most'}
      </Button>
    </Stack>
  );
}
