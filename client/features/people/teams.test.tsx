import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEMBER_AREAS } from '../../../shared/people/memberAreas';
import type { TeamDetail, TeamRow } from '../../../shared/people/schema';
import { ACCOUNT_ID, EVENT_ID } from '../../test/fixtures';
import { type FetchCall, renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}`;
const TEAM_ID = '44444444-4444-4444-8444-444444444444';
const TYPE_ID = '55555555-5555-4555-8555-555555555555';
const MEMBER_ID = '66666666-6666-4666-8666-666666666666';
const FIELD_ID = '88888888-8888-4888-8888-888888888888';

function teamRow(n: number, overrides: Partial<TeamRow> = {}): TeamRow {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Team ${n}`,
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
    ...overrides,
  };
}

function teamDetail(overrides: Partial<TeamDetail> = {}): TeamDetail {
  return {
    id: TEAM_ID,
    name: 'Harbour Bakery',
    ownerId: ACCOUNT_ID,
    teamTypeId: TYPE_ID,
    teamTypeName: 'Exhibitor',
    isOrganiser: false,
    standShareRole: 'parent',
    customFields: { [FIELD_ID]: 'B12' },
    fields: [
      {
        id: FIELD_ID,
        label: 'Stand number',
        type: 'text',
        placeholder: '',
        description: '',
        isRequired: true,
        value: 'B12',
      },
    ],
    parentTeam: null,
    childTeams: [{ id: '77777777-7777-4777-8777-777777777777', name: 'Bakery Corner' }],
    members: [
      {
        id: ACCOUNT_ID,
        firstName: 'Ada',
        surname: 'Lovelace',
        email: 'ada@example.com',
        permissions: 'user',
        teamRole: 'teamOwner',
        hasLoggedIn: true,
        lastLoginInTime: '2027-01-05T10:00:00.000Z',
        areas: [...MEMBER_AREAS],
      },
      {
        id: MEMBER_ID,
        firstName: 'Ben',
        surname: 'Baker',
        email: 'ben@example.com',
        permissions: 'user',
        teamRole: 'teamMember',
        hasLoggedIn: false,
        lastLoginInTime: null,
        areas: [...MEMBER_AREAS],
      },
    ],
    teamMemberLimit: 15,
    isFull: false,
    can: { edit: true, delete: true, addMember: true, manageMembers: true, addStandShare: true },
    ...overrides,
  };
}

const types = { body: { items: [{ id: TYPE_ID, name: 'Exhibitor', teamsCount: 3 }] } };
const lastTeamsQuery = (calls: FetchCall[]) =>
  Object.fromEntries(calls.filter((c) => c.path === `${base}/teams`).at(-1)?.query ?? []);

describe('teams', () => {
  it('lists teams by name with owner, type, members, stand share and last login, and filters on the server', async () => {
    const { user, calls } = renderApp('/admin/teams', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/team-types`]: types,
      [`GET ${base}/teams`]: {
        body: {
          items: [
            teamRow(1, { teamTypeName: 'Exhibitor', membersCount: 3, standShareRole: 'parent' }),
            teamRow(2, { lastLoginInTime: '2027-01-05T10:00:00.000Z' }),
          ],
          total: 2,
          page: 1,
          pageSize: 100,
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Teams' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Team 1');
    expect(rows[1]).toHaveTextContent('Owner 1');
    expect(rows[1]).toHaveTextContent('Exhibitor');
    expect(rows[1]).toHaveTextContent('Parent');
    expect(rows[1]).toHaveTextContent('Never');
    expect(rows[2]).toHaveTextContent('5 Jan 2027, 10:00');
    expect(within(rows[1]).getByRole('link', { name: 'Team 1' })).toHaveAttribute(
      'href',
      `/admin/teams/${teamRow(1).id}`,
    );
    expect(lastTeamsQuery(calls)).toEqual({ page: '1', sort: 'name', order: 'asc' });
    // The bulk import is admin only: a moderator is not offered it.
    expect(screen.queryByRole('link', { name: 'Import teams' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Not logged in' }));
    await waitFor(() => expect(lastTeamsQuery(calls).notLoggedIn).toBe('true'));
    await user.click(screen.getByRole('combobox', { name: 'Team type' }));
    await user.click(await screen.findByRole('option', { name: 'Exhibitor' }));
    await waitFor(() => expect(lastTeamsQuery(calls).teamTypeId).toBe(TYPE_ID));
  });

  it('shows an empty state with a way to add the first team', async () => {
    renderApp('/admin/teams', {
      ...signedInHandlers('admin'),
      [`GET ${base}/team-types`]: types,
      [`GET ${base}/teams`]: { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    });
    expect(await screen.findByText('There are no teams in this event yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import teams' })).toHaveAttribute('href', '/admin/teams/import');
  });

  it('shows the error and a retry when the list fails', async () => {
    renderApp('/admin/teams', {
      ...signedInHandlers('admin'),
      [`GET ${base}/team-types`]: types,
      [`GET ${base}/teams`]: { status: 500, body: { error: { code: 'internal', message: 'Boom' } } },
    });
    expect(await screen.findByText('The teams could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('keeps users out of the team screens', async () => {
    const { router } = renderApp('/admin/teams', signedInHandlers('user'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorised'));
  });

  it('adds a team with its owner: checks the form, sends trimmed values, opens the new team', async () => {
    const { user, calls, router } = renderApp('/admin/teams/add-team', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/team-types`]: types,
      [`POST ${base}/teams`]: { status: 201, body: { id: TEAM_ID, ownerId: ACCOUNT_ID } },
      [`GET ${base}/teams/${TEAM_ID}`]: { body: teamDetail() },
    });
    await user.click(await screen.findByRole('button', { name: 'Add team' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getAllByText(/Too small|at least|Invalid/).length).toBeGreaterThan(0);

    await user.type(screen.getByRole('textbox', { name: 'Team name' }), '  Harbour Bakery ');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Add team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/teams/${TEAM_ID}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Harbour Bakery',
      teamTypeId: null,
      isOrganiser: false,
      customFields: {},
      owner: { firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com' },
    });
  });

  it('shows a team with members, roles and stand shares, and deletes it after the confirm dialog', async () => {
    const { user, calls, router } = renderApp(`/admin/teams/${TEAM_ID}`, {
      ...signedInHandlers('admin'),
      [`GET ${base}/teams/${TEAM_ID}`]: { body: teamDetail() },
      [`DELETE ${base}/teams/${TEAM_ID}`]: { status: 204 },
      [`GET ${base}/teams`]: { body: { items: [], total: 0, page: 1, pageSize: 100 } },
      [`GET ${base}/team-types`]: types,
    });
    const members = await screen.findByRole('table', { name: 'Team members' });
    expect(within(members).getAllByRole('row')[1]).toHaveTextContent('Team Owner');
    expect(within(members).getAllByRole('row')[2]).toHaveTextContent('Team Member');
    expect(screen.getByRole('link', { name: 'Bakery Corner' })).toBeInTheDocument();
    expect(screen.getByText('Stand number').nextElementSibling).toHaveTextContent('B12');
    expect(screen.getByRole('button', { name: 'Remove Ben Baker from the team' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Remove Ada Lovelace from the team' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog');
    const confirmButton = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirmButton).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type 'CONFIRM' to continue"), 'CONFIRM');
    await user.click(confirmButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teams'), { timeout: 3000 });
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${base}/teams/${TEAM_ID}`)).toBe(true);
  });

  it('redirects add-stand-share without a parent to the team list', async () => {
    const { router } = renderApp('/admin/teams/add-stand-share', {
      ...signedInHandlers('admin'),
      [`GET ${base}/teams`]: { body: { items: [], total: 0, page: 1, pageSize: 100 } },
      [`GET ${base}/team-types`]: types,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teams'));
  });
});

describe('my team', () => {
  it('shows the owner their team and role with Add team member, and the support email', async () => {
    renderApp('/my-team', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-team`]: {
        body: {
          team: teamDetail({
            can: { edit: false, delete: false, addMember: true, manageMembers: true, addStandShare: true },
          }),
          teamRole: 'teamOwner',
          supportEmail: 'help@example.com',
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Add team member' })).toHaveAttribute(
      'href',
      '/my-team/add-team-member',
    );
    expect(screen.getByText(/Your role/)).toHaveTextContent('Your role: Team Owner');
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(screen.queryByRole('button', { name: 'Delete team' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add stand share' })).toHaveAttribute(
      'href',
      `/my-team/add-stand-share/${TEAM_ID}`,
    );
  });

  it('sends /my-team/add-stand-share without a parent back to my team', async () => {
    const { router } = renderApp('/my-team/add-stand-share', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-team`]: { body: { team: null, teamRole: null, supportEmail: '' } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-team'));
  });

  it('a team member sees no Add team member; someone without a team is told so', async () => {
    const member = teamDetail({
      can: { edit: false, delete: false, addMember: false, manageMembers: false, addStandShare: false },
    });
    const { unmount } = renderApp('/my-team', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-team`]: { body: { team: member, teamRole: 'teamMember', supportEmail: '' } },
    });
    await screen.findByRole('table', { name: 'Team members' });
    expect(screen.queryByRole('link', { name: 'Add team member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    unmount();
    renderApp('/my-team', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-team`]: { body: { team: null, teamRole: null, supportEmail: '' } },
    });
    expect(await screen.findByText('You are not in a team in this event.')).toBeInTheDocument();
  });
});
