import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TeamDetail } from '../../../shared/people/schema';
import { ACCOUNT_ID, EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}`;
const STAND = '88888888-8888-4888-8888-888888888881';
const VAN = '88888888-8888-4888-8888-888888888882';

const team: TeamDetail = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Harbour Bakery',
  ownerId: ACCOUNT_ID,
  teamTypeId: null,
  teamTypeName: null,
  isOrganiser: false,
  standShareRole: 'none',
  customFields: { [STAND]: 'B12', [VAN]: false },
  fields: [
    {
      id: STAND,
      label: 'Stand number',
      type: 'text',
      placeholder: '',
      description: '',
      isRequired: true,
      value: 'B12',
    },
    {
      id: VAN,
      label: 'Van access',
      type: 'boolean',
      placeholder: '',
      description: '',
      isRequired: false,
      value: false,
    },
  ],
  parentTeam: null,
  childTeams: [],
  members: [],
  teamMemberLimit: 15,
  isFull: false,
  can: { edit: false, delete: false, addMember: true, manageMembers: true, addStandShare: true },
};
const mine = (teamRole: 'teamOwner' | 'teamMember') => ({ body: { team, teamRole, supportEmail: '' } });

describe('/my-team team settings', () => {
  it('lets the owner save the values, refusing an empty required field before sending', async () => {
    const { user, calls } = renderApp('/my-team', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-team`]: mine('teamOwner'),
      [`PATCH ${base}/my-team`]: mine('teamOwner'),
    });
    const settings = await screen.findByRole('region', { name: 'Team settings' });
    const stand = within(settings).getByLabelText(/Stand number/);
    expect(stand).toHaveValue('B12');
    await user.clear(stand);
    await user.click(within(settings).getByRole('button', { name: 'Save team settings' }));
    expect(await within(settings).findByText('Stand number is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(stand, 'C7');
    await user.click(within(settings).getByRole('checkbox', { name: 'Van access' }));
    await user.click(within(settings).getByRole('button', { name: 'Save team settings' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        customFields: { [STAND]: 'C7', [VAN]: true },
      }),
    );
    expect(await screen.findByText('Your updates have been successfully saved')).toBeInTheDocument();
  });

  it('shows the server’s refusal in its words', async () => {
    const { user } = renderApp('/my-team', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-team`]: mine('teamOwner'),
      [`PATCH ${base}/my-team`]: {
        status: 400,
        body: { error: { code: 'validation', message: 'Invalid team' } },
      },
    });
    const settings = await screen.findByRole('region', { name: 'Team settings' });
    await user.click(within(settings).getByRole('button', { name: 'Save team settings' }));
    expect(await within(settings).findByRole('alert')).toHaveTextContent('Invalid team');
  });

  it('shows a member the values read-only, with no settings form', async () => {
    renderApp('/my-team', { ...signedInHandlers('user'), [`GET ${base}/my-team`]: mine('teamMember') });
    expect(await screen.findByText('B12')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save team settings' })).toBeNull();
  });
});
