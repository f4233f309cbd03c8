import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EVENT_ID, userRow } from '../../test/fixtures';
import { type FetchCall, renderApp, signedInHandlers } from '../../test/render';

const USERS_PATH = `GET /api/events/${EVENT_ID}/users`;

function answer(call: FetchCall) {
  const page = Number(call.query.get('page') ?? '1');
  const total = 230;
  const start = (page - 1) * 100;
  const items = Array.from({ length: Math.min(100, total - start) }, (_, i) => userRow(start + i + 1));
  items[0] = {
    ...items[0],
    teamId: '55555555-5555-4555-8555-555555555555',
    teamName: 'Harbour Bakery',
    teamRole: 'teamOwner',
    hasLoggedIn: true,
    lastLoginInTime: '2027-01-05T10:00:00.000Z',
    permissions: 'moderator',
  };
  return { body: { items, total, page, pageSize: 100 } };
}

const lastQuery = (calls: FetchCall[]) =>
  Object.fromEntries(calls.filter((c) => c.path.endsWith('/users')).at(-1)?.query ?? []);

describe('users', () => {
  it('lists the users by first name with their email, permissions and last login', async () => {
    const { calls } = renderApp('/admin/users', { ...signedInHandlers('moderator'), [USERS_PATH]: answer });
    const table = await screen.findByRole('table', { name: 'Users' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(101));
    const first = within(table).getAllByRole('row')[1];
    expect(first).toHaveTextContent('First1 Last1');
    expect(first).toHaveTextContent('user1@example.com');
    expect(first).toHaveTextContent('Moderator');
    expect(within(first).getByRole('link', { name: 'Harbour Bakery' })).toHaveAttribute(
      'href',
      '/admin/teams/55555555-5555-4555-8555-555555555555',
    );
    expect(first).toHaveTextContent('Team Owner');
    expect(first).toHaveTextContent('Yes');
    expect(first).toHaveTextContent('Last login 5 Jan 2027, 10:00');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('No');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('Showing 1 to 100 of 230 items')).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ page: '1', sort: 'firstName', order: 'asc' });
  });

  // One step per test: each re-renders a 100-row table, seconds apiece in jsdom on a busy machine.
  it('asks the server for the next page', async () => {
    const { user, calls } = renderApp('/admin/users', {
      ...signedInHandlers('admin'),
      [USERS_PATH]: answer,
    });
    await screen.findByText('Showing 1 to 100 of 230 items');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 201 to 230 of 230 items')).toBeInTheDocument();
    expect(lastQuery(calls).page).toBe('3');
  });

  it('asks the server for the sort, back on the first page', async () => {
    const { user, calls } = renderApp('/admin/users?page=3', {
      ...signedInHandlers('admin'),
      [USERS_PATH]: answer,
    });
    await screen.findByText('Showing 201 to 230 of 230 items');
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    await waitFor(() =>
      expect(lastQuery(calls)).toMatchObject({ sort: 'firstName', order: 'desc', page: '1' }),
    );
  });

  it('asks the server for the filters and keeps them in the address', async () => {
    const { user, calls, router } = renderApp('/admin/users', {
      ...signedInHandlers('admin'),
      [USERS_PATH]: answer,
    });
    await screen.findByText('Showing 1 to 100 of 230 items');
    await user.click(screen.getByRole('switch', { name: 'Not logged in' }));
    await waitFor(() => expect(lastQuery(calls).notLoggedIn).toBe('true'));

    await user.click(screen.getByRole('combobox', { name: 'Permissions' }));
    await user.click(await screen.findByRole('option', { name: 'Report Viewer' }));
    await waitFor(() => expect(lastQuery(calls).permissions).toBe('reportViewer'));
    expect(new URLSearchParams(router.state.location.search).get('permissions')).toBe('reportViewer');
  });

  it('says when no user matches and clears the filters', async () => {
    const { user, calls } = renderApp('/admin/users?search=nobody&notLoggedIn=true', {
      ...signedInHandlers('admin'),
      [USERS_PATH]: (call) =>
        call.query.get('search') ? { body: { items: [], total: 0, page: 1, pageSize: 100 } } : answer(call),
    });
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
    expect(lastQuery(calls)).toMatchObject({ search: 'nobody', notLoggedIn: 'true' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Showing 1 to 100 of 230 items')).toBeInTheDocument();
  });

  it('offers the user report as CSV and XLSX download links, reachable by keyboard', async () => {
    const { user } = renderApp('/admin/users', { ...signedInHandlers('moderator'), [USERS_PATH]: answer });
    const button = await screen.findByRole('button', { name: 'Export' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Export' });
    const csv = within(menu).getByRole('menuitem', { name: 'CSV (.csv)' });
    const xlsx = within(menu).getByRole('menuitem', { name: 'Excel (.xlsx)' });
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(csv).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(xlsx).toHaveFocus();
    expect(csv).toHaveAttribute('href', `/api/events/${EVENT_ID}/users/export?format=csv`);
    expect(xlsx).toHaveAttribute('href', `/api/events/${EVENT_ID}/users/export?format=xlsx`);
    expect(csv).toHaveAttribute('download');
    await user.keyboard('{Escape}');
    expect(button).toHaveFocus();
  });
});
