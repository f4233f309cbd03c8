import {
  Checkbox,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { Field, FieldOf } from '../../../../shared/forms';
import {
  ADDRESS_PARTS,
  fieldTypeOf,
  formatMoney,
  NAME_PARTS,
  REPEATER_CELLS,
  setItemQuantity,
} from '../../../../shared/forms';
import { acceptAttribute } from '../../../../shared/forms/registry/files';

/**
 * One answer input, chosen by field type. It only reads and writes the raw answer: what counts
 * as a valid answer is the engine's call (validateSubmission), never decided here.
 */
export interface AnswerInputProps {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  currency: string;
}

const asText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const inputTypeOf: Partial<Record<Field['type'], string>> = {
  email: 'email',
  tel: 'tel',
  url: 'url',
  date: 'date',
};

export function AnswerInput({ field, value, onChange, error, currency }: AnswerInputProps) {
  const common = {
    label: field.label || fieldTypeOf(field).displayName,
    description: field.description || undefined,
    withAsterisk: field.isRequired,
    error,
  };
  switch (field.type) {
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
    case 'date':
      return (
        <TextInput
          {...common}
          type={inputTypeOf[field.type] ?? 'text'}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'area':
      return (
        <Textarea
          {...common}
          minRows={3}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(next === '' ? null : next)}
        />
      );
    case 'checkbox':
    case 'dropdown':
      return <ChoiceInput field={field} value={value} onChange={onChange} common={common} />;
    case 'address':
    case 'fullName':
      return <PartsInput field={field} value={value} onChange={onChange} common={common} />;
    case 'repeater':
      return <RepeaterInput field={field} value={value} onChange={onChange} common={common} />;
    case 'upload':
      return <UploadInput field={field} value={value} onChange={onChange} common={common} />;
    case 'disclaimer':
      return (
        <Checkbox
          label={field.label || 'I agree'}
          description={field.description || undefined}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked ? true : null)}
        />
      );
    case 'itemList':
      return (
        <ItemListInput field={field} value={value} onChange={onChange} common={common} currency={currency} />
      );
    default:
      return null;
  }
}

interface Common {
  label: string;
  description: string | undefined;
  withAsterisk: boolean;
  error: string | undefined;
}
interface PartProps<T extends Field['type']> {
  field: FieldOf<T>;
  value: unknown;
  onChange: (value: unknown) => void;
  common: Common;
}

function ChoiceInput({ field, value, onChange, common }: PartProps<'checkbox' | 'dropdown'>) {
  const options = field.options.map((option) => ({
    value: option.id ?? option.value,
    label: option.label,
    disabled: option.isDisabled ?? false,
  }));
  const chosen = asList(value).filter((id): id is string => typeof id === 'string');
  if (field.type === 'dropdown') {
    return field.isMulti ? (
      <MultiSelect {...common} data={options} value={chosen} onChange={onChange} />
    ) : (
      <Select
        {...common}
        data={options}
        value={chosen[0] ?? null}
        onChange={(id) => onChange(id ? [id] : [])}
      />
    );
  }
  if (field.isMulti) {
    return (
      <Checkbox.Group {...common} value={chosen} onChange={onChange}>
        <Stack gap={6} mt={6}>
          {options.map((option) => (
            <Checkbox
              key={option.value}
              value={option.value}
              label={option.label}
              disabled={option.disabled}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  // A single-choice checkbox field behaves as a set of radio-like ticks: one at most.
  return (
    <Checkbox.Group
      {...common}
      value={chosen}
      onChange={(ids) => onChange(ids.filter((id) => !chosen.includes(id)))}
    >
      <Stack gap={6} mt={6}>
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} disabled={option.disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function PartsInput({ field, value, onChange, common }: PartProps<'address' | 'fullName'>) {
  const parts: readonly string[] = field.type === 'address' ? ADDRESS_PARTS : NAME_PARTS;
  const answer = asRecord(value);
  const settings = field as unknown as Record<string, { label: string; show: boolean }>;
  return (
    <Stack gap={6} role="group" aria-label={common.label}>
      <Text size="sm" fw={500}>
        {common.label}
        {common.withAsterisk ? ' *' : ''}
      </Text>
      {common.description && (
        <Text size="xs" c="dimmed">
          {common.description}
        </Text>
      )}
      {parts
        .filter((part) => settings[part]?.show)
        .map((part) => (
          <TextInput
            key={part}
            label={settings[part]?.label}
            value={asText(answer[part])}
            onChange={(event) => onChange({ ...answer, [part]: event.currentTarget.value })}
          />
        ))}
      {common.error && (
        <Text size="xs" c="red">
          {common.error}
        </Text>
      )}
    </Stack>
  );
}

function RepeaterInput({ field, value, onChange, common }: PartProps<'repeater'>) {
  const cells = REPEATER_CELLS.filter((cell) => field.cellSchema[cell]);
  const rows = asList(value).map(asRecord);
  const shown = rows.length > 0 ? rows : [{}];
  const setCell = (index: number, cell: string, next: string) =>
    onChange(shown.map((row, at) => (at === index ? { ...row, [cell]: next } : row)));
  return (
    <Stack gap={6} role="group" aria-label={common.label}>
      <Text size="sm" fw={500}>
        {common.label}
      </Text>
      {shown.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their place
        <Table key={index} withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              {cells.map((cell) => (
                <Table.Td key={cell}>
                  <TextInput
                    label={`${field.cellSchema[cell]?.label || cell} (row ${index + 1})`}
                    type={field.cellSchema[cell]?.type ?? 'text'}
                    value={asText(row[cell])}
                    onChange={(event) => setCell(index, cell, event.currentTarget.value)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ))}
      <Text
        component="button"
        type="button"
        size="sm"
        c="blue"
        onClick={() => onChange([...shown, {}])}
        style={{ background: 'none', border: 0, textAlign: 'left', cursor: 'pointer' }}
      >
        Add row
      </Text>
      {common.error && (
        <Text size="xs" c="red">
          {common.error}
        </Text>
      )}
    </Stack>
  );
}

function UploadInput({ field, onChange, common }: PartProps<'upload'>) {
  // In the preview, files are read by name and size only: nothing is uploaded.
  return (
    <TextInput
      {...common}
      type="file"
      multiple={field.isMulti}
      accept={acceptAttribute(field)}
      onChange={(event) => {
        const files = Array.from(event.currentTarget.files ?? []);
        onChange(files.map((file) => ({ name: file.name, size: file.size, type: file.type })));
      }}
    />
  );
}

function ItemListInput({
  field,
  value,
  onChange,
  common,
  currency,
}: PartProps<'itemList'> & { currency: string }) {
  const quantityOf = (itemId: string): number => {
    const line = asList(value)
      .map(asRecord)
      .find((entry) => entry.itemId === itemId);
    return typeof line?.quantity === 'number' ? line.quantity : 0;
  };
  return (
    <Stack gap={6} role="group" aria-label={common.label}>
      <Text size="sm" fw={500}>
        {common.label}
      </Text>
      {field.items.map((item) => (
        <NumberInput
          key={item.itemId}
          label={field.showPrice ? `${item.label} (${formatMoney(item.price, currency)})` : item.label}
          description={item.description || undefined}
          min={0}
          value={quantityOf(item.itemId)}
          onChange={(next) =>
            onChange(setItemQuantity(field, value, item.itemId, typeof next === 'number' ? next : 0))
          }
        />
      ))}
      {common.error && (
        <Text size="xs" c="red">
          {common.error}
        </Text>
      )}
    </Stack>
  );
}
