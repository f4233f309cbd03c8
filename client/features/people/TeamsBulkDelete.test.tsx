import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TeamRow } from '../../../shared/people/schema';
import { ACCOUNT_ID, EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}`;
const row = (n: number, name: string): TeamRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  ownerId: ACCOUNT_ID,
  ownerName: `Owner ${n}`,
  ownerEmail: `owner${n}@example.com`,
  teamTypeId: null,
  teamTypeName: null,
  isOrganiser: false,
  standShareRole: 'none',
  parentTeamId: null,
  membersCount: 1,
  lastLoginInTime: null,
});
const plain = row(1, 'Plain Team');
const parent = row(2, 'Parent Team');
const handlers = {
  [`GET ${base}/teams`]: { body: { items: [parent, plain], total: 2, page: 1, pageSize: 100 } },
  [`GET ${base}/team-types`]: { body: { items: [] } },
  [`POST ${base}/teams/bulk-delete`]: {
    body: {
      deleted: [plain.id],
      failed: [
        {
          teamId: parent.id,
          name: 'Parent Team',
          message: "Can't delete a team with stand shares still in it",
        },
      ],
    },
  },
};

describe('/admin/teams bulk delete', () => {
  it('deletes the selected teams after the confirm and names each one refused, with the reason', async () => {
    const { user, calls } = renderApp('/admin/teams', { ...signedInHandlers('admin'), ...handlers });
    const table = await screen.findByRole('table', { name: 'Teams' });
    for (const name of ['Plain Team', 'Parent Team']) {
      const tableRow = (await within(table).findByText(name)).closest('tr') as HTMLElement;
      await user.click(within(tableRow).getByRole('checkbox'));
    }
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(toolbar).toHaveTextContent('2 selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 teams' });
    expect(dialog).toHaveTextContent('Parent Team, Plain Team will be deleted.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText("Type 'CONFIRM' to continue"), 'CONFIRM');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ teamIds: [plain.id, parent.id] }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "1 team deleted. Not deleted: Parent Team: Can't delete a team with stand shares still in it",
    );
  });

  it('hides bulk actions from a moderator (spec: only when not known to be a non-admin)', async () => {
    const { user } = renderApp('/admin/teams', { ...signedInHandlers('moderator'), ...handlers });
    const table = await screen.findByRole('table', { name: 'Teams' });
    const tableRow = (await within(table).findByText('Plain Team')).closest('tr') as HTMLElement;
    await user.click(within(tableRow).getByRole('checkbox'));
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
  });
});
