import { Table } from '@mantine/core';
import type { TableData } from '../../../shared/content/sections';
import { useScrollRegion } from '../../ui/useScrollRegion';

/** The reader's view of a table section: its own chunk, loaded only by pages that have a table. */
export function TableView({ table, label }: { table: TableData; label: string }) {
  const [first, ...rest] = table.rows;
  const header = table.isFirstRowHeader ? first : undefined;
  const body = table.isFirstRowHeader ? rest : table.rows;
  const region = useScrollRegion(label);
  return (
    <Table.ScrollContainer minWidth={table.isFixedWidth ? 480 : 0} type="native" {...region}>
      <Table
        aria-label={label}
        withTableBorder
        withColumnBorders
        striped
        layout={table.isFixedWidth ? 'fixed' : 'auto'}
      >
        {header && (
          <Table.Thead>
            <Table.Tr>
              {header.cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <Table.Th key={i}>{cell}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>
          {body.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <Table.Tr key={r}>
              {row.cells.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <Table.Td key={c}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export default TableView;
