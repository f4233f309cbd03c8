import { Button, Input, NumberInput, Stack, Table, TextInput } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import {
  ADDRESS_PARTS,
  formatMoney,
  NAME_PARTS,
  REPEATER_CELLS,
  setItemQuantity,
} from '../../../../shared/forms';
import type { Common, PartProps } from './answer-parts';
import { asList, asRecord, asText } from './answer-parts';

// Answers with several parts: an address or name, repeater rows, files, item quantities.

/**
 * One answer made of several inputs, labelled, described and flagged like a single input (the same
 * label, asterisk, description and error styles), and named as a group for assistive technology.
 */
function AnswerGroup({ common, children }: { common: Common; children: ReactNode }) {
  const labelId = useId();
  return (
    <Input.Wrapper
      label={common.label}
      description={common.description}
      error={common.error}
      withAsterisk={common.withAsterisk}
      labelElement="div"
      labelProps={{ id: labelId }}
      role="group"
      aria-labelledby={labelId}
    >
      <Stack gap={6} mt={6}>
        {children}
      </Stack>
    </Input.Wrapper>
  );
}

/** A part's label is lighter than its group's, so the name reads as one answer of several boxes. */
const PART_LABEL = { label: { fontWeight: 400 } } as const;

export function PartsInput({ field, value, onChange, common }: PartProps<'address' | 'fullName'>) {
  const parts: readonly string[] = field.type === 'address' ? ADDRESS_PARTS : NAME_PARTS;
  const answer = asRecord(value);
  const settings = field as unknown as Record<string, { label: string; show: boolean }>;
  return (
    <AnswerGroup common={common}>
      {parts
        .filter((part) => settings[part]?.show)
        .map((part) => (
          <TextInput
            key={part}
            label={settings[part]?.label}
            styles={PART_LABEL}
            value={asText(answer[part])}
            onChange={(event) => onChange({ ...answer, [part]: event.currentTarget.value })}
          />
        ))}
    </AnswerGroup>
  );
}

export function RepeaterInput({ field, value, onChange, common }: PartProps<'repeater'>) {
  const cells = REPEATER_CELLS.filter((cell) => field.cellSchema[cell]);
  const rows = asList(value).map(asRecord);
  const shown = rows.length > 0 ? rows : [{}];
  const setCell = (index: number, cell: string, next: string) =>
    onChange(shown.map((row, at) => (at === index ? { ...row, [cell]: next } : row)));
  return (
    <AnswerGroup common={common}>
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
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => onChange([...shown, {}])}
      >
        Add row
      </Button>
    </AnswerGroup>
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
    <AnswerGroup common={common}>
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
    </AnswerGroup>
  );
}
