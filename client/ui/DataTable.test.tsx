import { Button, MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render';
import { DataTable, type DataTableColumn, type DataTableProps } from './DataTable';
import { type ListParams, useListParams } from './useListParams';

interface Row {
  id: string;
  name: string;
  email: string;
}

const makeRows = (count: number, offset = 0): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `r${offset + i + 1}`,
    name: `Name ${offset + i + 1}`,
    email: `n${offset + i + 1}@x.io`,
  }));

const COLUMNS: DataTableColumn<Row, 'name' | 'email'>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name },
  { key: 'email', header: 'Email', sortKey: 'email', render: (row) => row.email },
];

type Props = Omit<DataTableProps<Row, 'name' | 'email'>, 'params' | 'label' | 'columns' | 'getRowId'> & {
  columns?: DataTableColumn<Row, 'name' | 'email'>[];
};

/** A screen-like harness: rows for the page in the URL, as the server would answer. */
function Harness({ columns = COLUMNS, ...props }: Props) {
  const params = useListParams<'name' | 'email'>('name', ['name', 'email']);
  const rows =
    props.total > 100
      ? makeRows(Math.min(100, props.total - (params.page - 1) * 100), (params.page - 1) * 100)
      : props.rows;
  return (
    <DataTable
      label="People"
      columns={columns}
      getRowId={(row) => row.id}
      params={params}
      {...props}
      rows={rows}
    />
  );
}

function search(router: { state: { location: { search: string } } }) {
  return new URLSearchParams(router.state.location.search);
}

const fixedParams: ListParams<string> = {
  page: 1,
  sort: 'name',
  order: 'asc',
  search: '',
  filters: {},
  hasFilters: false,
  setPage: () => undefined,
  toggleSort: () => undefined,
  setSearch: () => undefined,
  setFilter: () => undefined,
  clearFilters: () => undefined,
};

class Catch extends Component<{ children: ReactNode; onError: (error: Error) => void }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Renders outside the router (whose own boundary would swallow the error) and reports what was thrown. */
function renderCatching(ui: ReactNode) {
  let caught: Error | null = null;
  render(
    <MantineProvider env="test">
      <Catch
        onError={(error) => {
          caught = error;
        }}
      >
        {ui}
      </Catch>
    </MantineProvider>,
  );
  return () => caught as Error | null;
}

describe('DataTable', () => {
  it('shows the rows and the spec footer, without pagination at 100 rows or fewer', () => {
    renderUi(<Harness rows={makeRows(3)} total={3} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('Showing 1 to 3 of 3 items')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('pages through the URL with a 1-based ?page= and 100 rows a page', async () => {
    const { user, router } = renderUi(<Harness rows={[]} total={250} />);
    expect(screen.getByText('Showing 1 to 100 of 250 items')).toBeInTheDocument();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(pagination).getByRole('button', { name: 'Page 2' }));
    expect(search(router).get('page')).toBe('2');
    expect(screen.getByText('Showing 101 to 200 of 250 items')).toBeInTheDocument();
    await user.click(within(pagination).getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing 201 to 250 of 250 items')).toBeInTheDocument();
  });

  it('sorts ascending on the first click and descending on the second, marking aria-sort', async () => {
    const { user, router } = renderUi(<Harness rows={makeRows(2)} total={2} />, { path: '/?page=2' });
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    const emailHeader = screen.getByRole('columnheader', { name: /Email/ });
    expect(emailHeader).not.toHaveAttribute('aria-sort');

    await user.click(within(emailHeader).getByRole('button'));
    expect(search(router).get('sort')).toBe('email');
    expect(search(router).get('order')).toBe('asc');
    expect(search(router).get('page')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(screen.getByRole('columnheader', { name: /Email/ })).getByRole('button'));
    expect(search(router).get('order')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('keeps at most one row selected in single selection', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderUi(
      <Harness rows={makeRows(3)} total={3} selection="single" onSelectionChange={onSelectionChange} />,
    );
    const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    expect(screen.queryByRole('checkbox', { name: 'Select all rows' })).not.toBeInTheDocument();
    await user.click(boxes[0]);
    await user.click(boxes[2]);
    expect(boxes[0]).not.toBeChecked();
    expect(boxes[2]).toBeChecked();
    expect(onSelectionChange).toHaveBeenLastCalledWith(['r3']);
  });

  it('selects all rows of the page in multi selection and clears the selection on page change', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderUi(
      <Harness rows={[]} total={150} selection="multi" onSelectionChange={onSelectionChange} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(expect.arrayContaining(['r1', 'r100']));
    expect(
      screen
        .getAllByRole('checkbox', { name: 'Select row' })
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
    expect(
      screen
        .getAllByRole('checkbox', { name: 'Select row' })
        .some((box) => (box as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('offers bulk actions for the selection unless the viewer is known to be a non-admin', async () => {
    const onClick = vi.fn();
    const bulkActions = [{ label: 'Archive', onClick }];
    const { user, unmount } = renderUi(
      <Harness rows={makeRows(2)} total={2} selection="multi" bulkActions={bulkActions} />,
    );
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('checkbox', { name: 'Select row' })[1]);
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(onClick).toHaveBeenCalledWith(['r2']);
    unmount();

    const second = renderUi(
      <Harness rows={makeRows(2)} total={2} selection="multi" bulkActions={bulkActions} canBulk={false} />,
    );
    await second.user.click(screen.getAllByRole('checkbox', { name: 'Select row' })[0]);
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it('shows a loading skeleton, then the empty state when there is nothing', () => {
    const { unmount } = renderUi(<Harness rows={[]} total={0} isLoading />);
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    unmount();

    renderUi(<Harness rows={[]} total={0} emptyState={<Button>Add the first person</Button>} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add the first person' })).toBeInTheDocument();
  });

  it('refuses fewer than 1 or more than 6 columns', () => {
    const seven = Array.from({ length: 7 }, (_, i) => ({
      key: `c${i}`,
      header: `C${i}`,
      render: (row: Row) => row.name,
    }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const columns of [seven, []]) {
      const caught = renderCatching(
        <DataTable
          label="People"
          rows={makeRows(1)}
          total={1}
          columns={columns}
          getRowId={(r) => r.id}
          params={fixedParams}
        />,
      );
      expect(caught()?.message).toMatch(/tables support 1 to 6/);
    }
  });
});
