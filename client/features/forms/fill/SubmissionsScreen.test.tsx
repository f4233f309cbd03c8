import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubmissionListResponse, SubmissionSummary } from '../../../../shared/forms/submissionsApi';
import type { TeamRow } from '../../../../shared/people/schema';
import { EVENT_ID } from '../../../test/fixtures';
import { type FetchCall, renderApp, signedInHandlers } from '../../../test/render';

const base = `/api/events/${EVENT_ID}`;
const FORM_ID = '11111111-1111-4111-8111-111111111111';
const TYPE_ID = '22222222-2222-4222-8222-222222222222';
const id = (n: number) => `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`;

const summary = (n: number, overrides: Partial<SubmissionSummary> = {}): SubmissionSummary => ({
  id: id(100 + n),
  isDraft: false,
  isGuest: false,
  teamId: id(n),
  teamName: `Team ${n}`,
  updatedAt: '2027-02-01T10:00:00.000Z',
  updatedByName: `Person ${n}`,
  version: 1,
  ...overrides,
});
const list: SubmissionListResponse = {
  formTitle: 'Stand build',
  items: [summary(1), summary(2, { isDraft: true })],
  total: 2,
  page: 1,
  pageSize: 25,
};
const teamRow = (n: number): TeamRow => ({
  id: id(n),
  name: `Team ${n}`,
  ownerId: id(50),
  ownerName: `Owner ${n}`,
  ownerEmail: `owner${n}@example.com`,
  teamTypeId: TYPE_ID,
  teamTypeName: 'Exhibitor',
  isOrganiser: false,
  standShareRole: 'none',
  parentTeamId: null,
  membersCount: 1,
  lastLoginInTime: null,
});
const lastQuery = (calls: FetchCall[], path: string) =>
  Object.fromEntries(calls.filter((c) => c.path === path).at(-1)?.query ?? []);

describe("a form's submissions, for the organiser", () => {
  it('filters by team type, team, state and search on the server', { timeout: 60000 }, async () => {
    const { user, calls } = renderApp(`/admin/forms/${FORM_ID}/submissions`, {
      ...signedInHandlers('moderator'),
      [`GET ${base}/forms/${FORM_ID}/submissions`]: { body: list },
      [`GET ${base}/team-types`]: { body: { items: [{ id: TYPE_ID, name: 'Exhibitor', teamsCount: 2 }] } },
      [`GET ${base}/teams`]: (call) => ({
        body: {
          // The teams of the chosen type, searched by name on the server.
          items: [teamRow(1), teamRow(2)].filter((team) =>
            team.name.toLowerCase().includes((call.query.get('search') ?? '').toLowerCase()),
          ),
          total: 2,
          page: 1,
          pageSize: 25,
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Submissions' }, { timeout: 20000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const path = `${base}/forms/${FORM_ID}/submissions`;

    await user.click(screen.getByRole('combobox', { name: 'Team type' }));
    await user.click(await screen.findByRole('option', { name: 'Exhibitor' }));
    await waitFor(() => expect(lastQuery(calls, path).teamTypeId).toBe(TYPE_ID));
    // The team list offered is the chosen type's.
    await waitFor(() => expect(lastQuery(calls, `${base}/teams`).teamTypeId).toBe(TYPE_ID));

    await user.type(screen.getByRole('combobox', { name: 'Team' }), 'team 2');
    await waitFor(() => expect(lastQuery(calls, `${base}/teams`).search).toBe('team 2'));
    await user.click(await screen.findByRole('option', { name: 'Team 2' }));
    await waitFor(() => expect(lastQuery(calls, path)).toMatchObject({ teamTypeId: TYPE_ID, teamId: id(2) }));
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('Team 2');

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Draft' }));
    await waitFor(() => expect(lastQuery(calls, path)).toMatchObject({ state: 'draft', teamId: id(2) }));

    await user.type(screen.getByRole('searchbox'), 'Person');
    await waitFor(() => expect(lastQuery(calls, path).search).toBe('Person'));
  });
});
