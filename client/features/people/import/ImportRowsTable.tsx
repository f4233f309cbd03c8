import { ColorSwatch, Group, List, Select, Stack, Text } from '@mantine/core';
import {
  IMPORT_COLUMNS,
  IMPORT_ROW_STATUSES,
  type ImportRowStatus,
} from '../../../../shared/people/importRules';
import {
  IMPORT_ROW_SORTS,
  type ImportRow,
  ROLLBACK_LABELS,
  type TeamImport,
} from '../../../../shared/people/importSchema';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { ListEmptyState } from '../../../ui/ListEmptyState';
import { LoadFailed } from '../../../ui/QueryState';
import { useListParams } from '../../../ui/useListParams';

import { type ImportRowSort, useImportRows } from './importApi';

export const STATUS_LABELS: Record<ImportRowStatus, string> = {
  ready: 'Ready',
  skipped: 'Already imported',
  rejected: 'Rejected',
  created: 'Created',
  failed: 'Failed',
};
/**
 * The word carries the meaning in the default text colour; the colour is only a dot beside it
 * (Mantine's green text and green badges fall short of the 4.5:1 contrast axe asks for).
 */
const STATUS_COLORS: Record<ImportRowStatus, string> = {
  ready: 'blue',
  skipped: 'gray',
  rejected: 'red',
  created: 'green',
  failed: 'red',
};

/** A word with a coloured dot; plain text, so narrow columns wrap it instead of cutting it. */
function Labelled({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={10} aria-hidden withShadow={false} />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
const PREVIEW_STATUSES: ImportRowStatus[] = ['ready', 'skipped', 'rejected'];
const toStatus = (value: string | undefined) => IMPORT_ROW_STATUSES.find((s) => s === value) ?? null;

const rowColumn: DataTableColumn<ImportRow, ImportRowSort> = {
  key: 'row',
  header: 'Row',
  sortKey: 'rowNumber',
  width: 70,
  render: (row) => row.rowNumber,
};

function StatusBadge({ status }: { status: ImportRowStatus }) {
  return <Labelled color={STATUS_COLORS[status]} label={STATUS_LABELS[status]} />;
}

/** The preview: each row's cells, and its errors by column (spec: row errors, cell errors). */
const previewColumns: DataTableColumn<ImportRow, ImportRowSort>[] = [
  rowColumn,
  { key: 'team', header: 'Team name', render: (row) => row.cells[IMPORT_COLUMNS.teamName] },
  {
    key: 'owner',
    header: 'Team owner',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{`${row.cells[IMPORT_COLUMNS.firstName] ?? ''} ${row.cells[IMPORT_COLUMNS.surname] ?? ''}`}</Text>
        <Text size="xs" c="dimmed">
          {row.cells[IMPORT_COLUMNS.email]}
        </Text>
      </Stack>
    ),
  },
  { key: 'type', header: 'Team type', render: (row) => row.cells[IMPORT_COLUMNS.teamType] || '—' },
  { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.status} /> },
  {
    key: 'errors',
    header: 'Problems',
    render: (row) =>
      row.errors.length === 0 ? (
        '—'
      ) : (
        <List size="sm" spacing={2}>
          {row.errors.map((e) => (
            <List.Item key={`${e.column}-${e.message}`}>
              {e.column ? `${e.column}: ${e.message}` : e.message}
            </List.Item>
          ))}
        </List>
      ),
  },
];

function Check({ value }: { value: boolean | null }) {
  if (value === null)
    return (
      <Text size="sm" c="dimmed">
        Not run
      </Text>
    );
  return <Labelled color={value ? 'green' : 'red'} label={value ? 'Passed' : 'Failed'} />;
}

const rolledBackText = (parts: string[]) =>
  `Rolled back: ${parts.map((p) => ROLLBACK_LABELS[p as keyof typeof ROLLBACK_LABELS] ?? p).join(', ')}`;

/** After the job: each row's check record (spec: type check, user upsert, team add, email send). */
const resultColumns: DataTableColumn<ImportRow, ImportRowSort>[] = [
  rowColumn,
  {
    key: 'team',
    header: 'Team',
    render: (row) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {row.cells[IMPORT_COLUMNS.teamName]}
        </Text>
        <Text size="xs" c="dimmed">
          {row.cells[IMPORT_COLUMNS.email]}
        </Text>
        <StatusBadge status={row.status} />
        {(row.errorMessage || row.errors.length > 0) && (
          <Text size="xs" c={row.status === 'skipped' ? 'dimmed' : 'red.9'}>
            {row.errorMessage ??
              row.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ')}
          </Text>
        )}
        {row.rolledBack.length > 0 && <Text size="xs">{rolledBackText(row.rolledBack)}</Text>}
      </Stack>
    ),
  },
  { key: 'typeCheck', header: 'Type check', render: (row) => <Check value={row.typeCheck} /> },
  { key: 'userUpsert', header: 'User upsert', render: (row) => <Check value={row.userUpsert} /> },
  { key: 'teamAdd', header: 'Team add', render: (row) => <Check value={row.teamAdd} /> },
  { key: 'emailSend', header: 'Email send', render: (row) => <Check value={row.emailSend} /> },
];

/** The rows of an import, as the preview or as the result, filtered by status, 100 a page. */
export function ImportRowsTable({ eventId, record }: { eventId: string; record: TeamImport }) {
  const params = useListParams<ImportRowSort>('rowNumber', IMPORT_ROW_SORTS);
  const status = toStatus(params.filters.status);
  const rows = useImportRows(eventId, record, { page: params.page, order: params.order, status });
  const isPreview = record.state === 'preview';
  const statuses = isPreview ? PREVIEW_STATUSES : IMPORT_ROW_STATUSES;
  const toolbar = (
    <Select
      label="Show rows"
      placeholder="All rows"
      data={statuses.map((value) => ({ value, label: STATUS_LABELS[value] }))}
      value={status}
      onChange={(value) => params.setFilter('status', value)}
      clearable
      w={220}
      mb="md"
    />
  );
  if (rows.isError)
    return (
      <>
        {toolbar}
        <LoadFailed title="The rows could not be loaded" error={rows.error} retry={rows.refetch} />
      </>
    );
  return (
    <DataTable
      label={isPreview ? 'Preview of the file' : 'Import results'}
      rows={rows.data?.items ?? []}
      total={rows.data?.total ?? 0}
      columns={isPreview ? previewColumns : resultColumns}
      getRowId={(row) => String(row.rowNumber)}
      params={params}
      isLoading={rows.isPending}
      isFetching={rows.isPlaceholderData}
      toolbar={toolbar}
      emptyState={
        <ListEmptyState filtered={params.hasFilters} onClearFilters={params.clearFilters} noun="rows" />
      }
    />
  );
}
