import { NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  ADDRESS_PARTS,
  formatMoney,
  NAME_PARTS,
  REPEATER_CELLS,
  setItemQuantity,
} from '../../../../shared/forms';
import type { PartProps } from './answer-parts';
import { asList, asRecord, asText } from './answer-parts';

// Answers with several parts: an address or name, repeater rows, files, item quantities.

export function PartsInput({ field, value, onChange, common }: PartProps<'address' | 'fullName'>) {
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

export function RepeaterInput({ field, value, onChange, common }: PartProps<'repeater'>) {
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

export function ItemListInput({
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
