import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, EVENT_ID, userRow } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}/users`;
const me = userRow(1, {
  id: ACCOUNT_ID,
  firstName: 'Ada',
  surname: 'Lovelace',
  permissions: 'admin',
  hasLoggedIn: true,
});
const newcomer = userRow(2, { firstName: 'Nina', surname: 'New' });
const regular = userRow(3, { firstName: 'Rob', surname: 'Regular', hasLoggedIn: true });
const staff = userRow(4, { firstName: 'Sam', surname: 'Staff', permissions: 'staff', hasLoggedIn: true });
const list = { body: { items: [me, newcomer, regular, staff], total: 4, page: 1, pageSize: 100 } };

const typeConfirm = async (user: ReturnType<typeof renderApp>['user'], action: string) => {
  const dialog = await screen.findByRole('dialog', { name: action });
  await user.type(within(dialog).getByLabelText("Type 'CONFIRM' to continue"), 'CONFIRM');
  await user.click(within(dialog).getByRole('button', { name: action }));
};

describe('/admin/users row actions', () => {
  it('offers only what the viewer may do on each row', async () => {
    const { user } = renderApp('/admin/users', { ...signedInHandlers('admin'), [`GET ${base}`]: list });
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Nina New');
    // Own row: no actions. Staff stand above an admin: no actions (Sam has signed in).
    expect(within(table).queryByRole('button', { name: 'Actions for Ada Lovelace' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Actions for Sam Staff' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Actions for Rob Regular' }));
    expect(await screen.findByRole('menuitem', { name: 'Change permission' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete user' })).toBeInTheDocument();
    // Rob has signed in: no welcome reminder for him.
    expect(screen.queryByRole('menuitem', { name: 'Resend welcome email' })).toBeNull();
  });

  it('sends the welcome reminder to someone who never signed in', async () => {
    const { user, calls } = renderApp('/admin/users', {
      ...signedInHandlers('moderator'),
      [`GET ${base}`]: list,
      [`POST ${base}/${newcomer.id}/welcome-chaser`]: { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(await within(table).findByRole('button', { name: 'Actions for Nina New' }));
    // A moderator does not change permissions.
    expect(screen.queryByRole('menuitem', { name: 'Change permission' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Resend welcome email' }));
    expect(
      await screen.findByText(`A welcome reminder has been sent to ${newcomer.email}`),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/welcome-chaser'))).toBe(true);
  });

  it('changes a permission after the confirm, and shows the server’s refusal in its words', async () => {
    let refuse = false;
    const { user, calls } = renderApp('/admin/users', {
      ...signedInHandlers('admin'),
      [`GET ${base}`]: list,
      [`PUT ${base}/${regular.id}/permissions`]: () =>
        refuse
          ? {
              status: 403,
              body: { error: { code: 'forbidden', message: "You can't change your own permission" } },
            }
          : { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    const open = async () => {
      await user.click(await within(table).findByRole('button', { name: 'Actions for Rob Regular' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Change permission' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change permission of Rob Regular' });
      await user.click(within(dialog).getByLabelText('Permission', { selector: 'input' }));
      // An admin may hand out up to Admin, never staff.
      expect(screen.queryByRole('option', { name: 'Platform Staff' })).toBeNull();
      await user.click(await screen.findByRole('option', { name: 'Moderator' }));
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      await typeConfirm(user, 'Change permission');
    };
    await open();
    expect(await screen.findByText('Rob Regular is now Moderator')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ permissions: 'moderator' });
    refuse = true;
    await open();
    expect(await screen.findByText("You can't change your own permission")).toBeInTheDocument();
  });

  it('deletes a user only once a successor is chosen and the delete confirmed', async () => {
    const { user, calls } = renderApp('/admin/users', {
      ...signedInHandlers('admin'),
      [`GET ${base}`]: list,
      [`DELETE ${base}/${newcomer.id}`]: { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(await within(table).findByRole('button', { name: 'Actions for Nina New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Nina New' });
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Transfer to', { selector: 'input' }));
    // The user being deleted is not offered as their own successor.
    expect(screen.queryByRole('option', { name: /Nina New/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /Rob Regular/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await typeConfirm(user, 'Delete user');
    expect(await screen.findByText('Nina New has been deleted')).toBeInTheDocument();
    await waitFor(() => {
      const call = calls.find((c) => c.method === 'DELETE');
      expect(call?.query.get('transferToId')).toBe(regular.id);
    });
  });
});
