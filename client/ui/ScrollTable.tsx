import { Table, type TableProps } from '@mantine/core';
import { useScrollRegion } from './useScrollRegion';

/**
 * A plain table (no paging or sorting: DataTable has those) that keeps inside its column: it takes
 * the column's width and wraps its cells, and only scrolls, as a keyboard-reachable region, when
 * the column is narrower than `minWidth` (the admin aside leaves about 670-760 px at 1280-1366 px).
 */
export function ScrollTable({
  label,
  minWidth = 560,
  ...table
}: TableProps & { label: string; minWidth?: number }) {
  const region = useScrollRegion(label);
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" {...region}>
      <Table aria-label={label} {...table} />
    </Table.ScrollContainer>
  );
}
