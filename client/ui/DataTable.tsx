import {
  Box,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { TABLE_PAGE_SIZE } from '../../shared/ui/constants';
import type { ListParams } from './useListParams';
import { useScrollRegion } from './useScrollRegion';

export interface DataTableColumn<Row, S extends string = string> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** The server's sort key; columns without one are not sortable. */
  sortKey?: S;
  width?: number | string;
  /**
   * Its values have no spaces to wrap at (emails, web addresses): they may break anywhere, so one
   * long value does not hold the column wider than the table's room beside the admin aside.
   */
  breakAnywhere?: boolean;
}

/** Lets a long unspaced value (an email, a web address) break anywhere instead of widening its cell. */
export const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

export interface BulkAction {
  label: string;
  onClick: (ids: string[]) => void;
  color?: string;
}

export type SelectionMode = 'none' | 'single' | 'multi';

export interface DataTableProps<Row, S extends string = string> {
  /** Names the table for assistive technology, e.g. "Users". */
  label: string;
  rows: Row[];
  total: number;
  columns: DataTableColumn<Row, S>[];
  getRowId: (row: Row) => string;
  params: ListParams<S>;
  isLoading?: boolean;
  /** Refetching with the previous page still shown. */
  isFetching?: boolean;
  selection?: SelectionMode;
  onSelectionChange?: (ids: string[]) => void;
  bulkActions?: BulkAction[];
  /** False when the viewer is known to be a non-admin (spec: bulk actions are hidden then). */
  canBulk?: boolean;
  emptyState?: ReactNode;
  toolbar?: ReactNode;
}

const MIN_COLUMNS = 1;
const MAX_COLUMNS = 6;
const SKELETON_ROWS = 5;
const NONE: string[] = [];

function ariaSort(active: boolean, order: 'asc' | 'desc') {
  if (!active) return undefined;
  return order === 'asc' ? 'ascending' : 'descending';
}

/**
 * The one table of the portal: server-driven (the server pages, sorts and filters), 100 rows a
 * page, page and sort in the URL, optional single or multi selection that clears when the list
 * changes, and bulk actions for viewers not known to be non-admins.
 */
export function DataTable<Row, S extends string = string>(props: DataTableProps<Row, S>) {
  const { label, rows, total, columns, getRowId, params, isLoading = false, isFetching = false } = props;
  const region = useScrollRegion(label);
  const {
    selection = 'none',
    onSelectionChange,
    bulkActions = [],
    canBulk = true,
    emptyState,
    toolbar,
  } = props;

  if (import.meta.env.DEV && (columns.length < MIN_COLUMNS || columns.length > MAX_COLUMNS)) {
    throw new Error(`DataTable "${label}" has ${columns.length} columns; tables support 1 to 6.`);
  }

  // Selection belongs to the rows on screen: a new page, sort or filter starts with none.
  const listKey = `${params.page}|${params.sort}|${params.order}|${params.search}|${JSON.stringify(params.filters)}`;
  const [selected, setSelected] = useState<{ key: string; ids: string[] }>({ key: listKey, ids: NONE });
  const selectedIds = selected.key === listKey ? selected.ids : NONE;

  useEffect(() => {
    setSelected((current) => (current.key === listKey ? current : { key: listKey, ids: NONE }));
  }, [listKey]);
  useEffect(() => {
    onSelectionChange?.(selectedIds);
  }, [selectedIds, onSelectionChange]);

  const pageCount = Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE));
  // A page past the end (rows deleted, a stale link) moves to the last page that exists.
  useEffect(() => {
    if (!isLoading && total > 0 && params.page > pageCount) params.setPage(pageCount);
  }, [isLoading, total, params.page, pageCount, params.setPage]);

  const setIds = (ids: string[]) => setSelected({ key: listKey, ids });
  const toggleRow = (id: string) => {
    if (selectedIds.includes(id)) setIds(selectedIds.filter((x) => x !== id));
    else setIds(selection === 'single' ? [id] : [...selectedIds, id]);
  };
  const pageIds = rows.map(getRowId);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selectedIds.includes(id));
  const someSelected = selectedIds.length > 0 && !allSelected;

  const isEmpty = !isLoading && rows.length === 0 && total === 0;
  if (isEmpty) {
    return (
      <Box>
        {toolbar}
        {emptyState ?? (
          <Paper withBorder p="xl" ta="center">
            <Text>There is nothing to show here.</Text>
          </Paper>
        )}
      </Box>
    );
  }

  const first = (params.page - 1) * TABLE_PAGE_SIZE + 1;
  const last = first + rows.length - 1;
  const showBulk = selection !== 'none' && canBulk && bulkActions.length > 0 && selectedIds.length > 0;
  const withSelection = selection !== 'none';

  return (
    <Box>
      {toolbar}
      {showBulk && (
        <Group gap="sm" mb="sm" aria-label="Bulk actions" role="toolbar">
          <Text size="sm" fw={600}>
            {selectedIds.length} selected
          </Text>
          {bulkActions.map((action) => (
            <Button
              key={action.label}
              size="xs"
              color={action.color}
              onClick={() => action.onClick(selectedIds)}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      )}
      {/* Native scrolling: the table takes its column's width and wraps its cells (the admin aside
          leaves about 670-760 px at 1280-1366 px wide); only below 560 px does it scroll. */}
      <Table.ScrollContainer minWidth={560} type="native" {...region}>
        <Table
          aria-label={label}
          aria-busy={isLoading || isFetching}
          striped
          highlightOnHover
          verticalSpacing="sm"
          style={{ opacity: isFetching && !isLoading ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              {withSelection && (
                <Table.Th w={48}>
                  {selection === 'multi' ? (
                    <Checkbox
                      aria-label="Select all rows"
                      checked={allSelected}
                      indeterminate={someSelected}
                      disabled={isLoading || rows.length === 0}
                      onChange={() => setIds(allSelected ? [] : pageIds)}
                    />
                  ) : (
                    <VisuallyHidden>Selection</VisuallyHidden>
                  )}
                </Table.Th>
              )}
              {columns.map((column) => {
                const active = column.sortKey !== undefined && column.sortKey === params.sort;
                return (
                  <Table.Th key={column.key} w={column.width} aria-sort={ariaSort(active, params.order)}>
                    {column.sortKey === undefined ? (
                      column.header
                    ) : (
                      <SortButton
                        header={column.header}
                        active={active}
                        order={params.order}
                        onClick={() => column.sortKey !== undefined && params.toggleSort(column.sortKey)}
                      />
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                  <Table.Tr key={i} data-testid="skeleton-row">
                    {withSelection && <Table.Td />}
                    {columns.map((column) => (
                      <Table.Td key={column.key}>
                        <Skeleton height={12} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rows.map((row) => {
                  const id = getRowId(row);
                  const isSelected = selectedIds.includes(id);
                  return (
                    <Table.Tr key={id} aria-selected={withSelection ? isSelected : undefined}>
                      {withSelection && (
                        <Table.Td>
                          <Checkbox
                            aria-label="Select row"
                            checked={isSelected}
                            onChange={() => toggleRow(id)}
                          />
                        </Table.Td>
                      )}
                      {columns.map((column) => (
                        <Table.Td key={column.key} style={column.breakAnywhere ? BREAK_ANYWHERE : undefined}>
                          {column.render(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!isLoading && rows.length > 0 && (
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="sm" c="dimmed">
            Showing {first} to {last} of {total} items
          </Text>
          {total > TABLE_PAGE_SIZE && (
            <nav aria-label="Pagination">
              <Pagination
                total={pageCount}
                value={params.page}
                onChange={params.setPage}
                getItemProps={(page) => ({
                  'aria-label': `Page ${page}`,
                  'aria-current': page === params.page ? 'page' : undefined,
                })}
                getControlProps={(control) => ({
                  'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page`,
                })}
              />
            </nav>
          )}
        </Group>
      )}
    </Box>
  );
}

function SortButton(props: { header: string; active: boolean; order: 'asc' | 'desc'; onClick: () => void }) {
  const Icon = !props.active
    ? IconArrowsSort
    : props.order === 'asc'
      ? IconSortAscending
      : IconSortDescending;
  return (
    <UnstyledButton
      onClick={props.onClick}
      fw={700}
      fz="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
    >
      {props.header}
      <Icon size={16} aria-hidden stroke={1.75} />
    </UnstyledButton>
  );
}
