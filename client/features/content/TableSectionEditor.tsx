import { ActionIcon, Button, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { MAX_TABLE_COLUMNS, type SectionInput } from '../../../shared/content/sections';

type TableData = Extract<SectionInput, { type: 'table' }>['data'];

/** A table section's data: its column count, width and header flags, and its rows of cells. */
export function TableSectionEditor({
  data,
  onData,
  error,
  label,
}: {
  data: TableData;
  onData: (data: TableData) => void;
  error?: string;
  label: string;
}) {
  const table = {
    isFixedWidth: data.isFixedWidth ?? true,
    isFirstRowHeader: data.isFirstRowHeader ?? true,
    columnCount: data.columnCount ?? 0,
    rows: data.rows,
  };
  const columns = table.columnCount ?? 0;
  const resize = (count: number) =>
    onData({
      ...table,
      columnCount: count,
      rows: table.rows.map((row) => ({
        cells: Array.from({ length: count }, (_, i) => row.cells[i] ?? ''),
      })),
    });
  const setCell = (r: number, c: number, value: string) =>
    onData({
      ...table,
      rows: table.rows.map((row, i) =>
        i === r ? { cells: row.cells.map((cell, j) => (j === c ? value : cell)) } : row,
      ),
    });
  return (
    <Stack gap="sm">
      <Group gap="lg" align="flex-end">
        <NumberInput
          label="Columns"
          min={0}
          max={MAX_TABLE_COLUMNS}
          value={columns}
          onChange={(value) => resize(Math.max(0, Math.min(MAX_TABLE_COLUMNS, Number(value) || 0)))}
          w={120}
        />
        <Switch
          label="Fixed width"
          checked={table.isFixedWidth}
          onChange={(e) => onData({ ...table, isFixedWidth: e.currentTarget.checked })}
        />
        <Switch
          label="First row is the header"
          checked={table.isFirstRowHeader}
          onChange={(e) => onData({ ...table, isFirstRowHeader: e.currentTarget.checked })}
        />
      </Group>
      {table.rows.map((row, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
        <Group key={r} gap={6} wrap="nowrap" align="flex-end">
          {row.cells.map((cell, c) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
              key={c}
              aria-label={`${label}: row ${r + 1}, column ${c + 1}`}
              value={cell}
              onChange={(e) => setCell(r, c, e.currentTarget.value)}
              style={{ flex: 1 }}
              fw={r === 0 && table.isFirstRowHeader ? 700 : undefined}
            />
          ))}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove row ${r + 1}`}
            onClick={() => onData({ ...table, rows: table.rows.filter((_, i) => i !== r) })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="default"
        size="xs"
        w="fit-content"
        disabled={columns === 0}
        onClick={() =>
          onData({ ...table, rows: [...table.rows, { cells: Array.from({ length: columns }, () => '') }] })
        }
      >
        Add row
      </Button>
      {columns === 0 && (
        <Text size="xs" c="dimmed">
          Set the number of columns first.
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
