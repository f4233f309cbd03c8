import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}/time-table`;
const TRACK_ID = '6f1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f';

const handlers = () => ({
  ...signedInHandlers('admin'),
  [`GET ${base}/tracks`]: {
    body: { items: [{ id: TRACK_ID, name: 'Show days', color: '#1c7ed6', sessionsCount: 2 }] },
  },
  [`GET ${base}/link-options`]: { body: { content: [], form: [], task: [] } },
  [`GET /api/events/${EVENT_ID}/team-types`]: { body: { items: [] } },
});

const refusal = (message: string, issues: { path: string[]; message: string }[]) => ({
  status: 400,
  body: { error: { code: 'validation', message, issues } },
});

describe('time table forms', () => {
  it('checks a session with the shared schema before sending, and shows a refusal next to its field', async () => {
    const { user, calls } = renderApp('/admin/time-table/add', {
      ...handlers(),
      [`POST ${base}/sessions`]: refusal('Invalid session values', [
        { path: ['location'], message: 'That hall is closed' },
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Save session' }));
    expect(await screen.findByText('Enter a title')).toBeInTheDocument();
    expect(screen.getByText('Enter a start date and time')).toBeInTheDocument();
    expect(screen.getByText('Enter an end date and time')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Title/), '  Opening  ');
    // The end follows the start by an hour until the organiser picks one.
    fireEvent.change(screen.getByLabelText(/^Starts/), { target: { value: '2027-06-01T10:00' } });
    expect(screen.getByLabelText(/^Ends/)).toHaveValue('2027-06-01T11:00');
    await user.type(screen.getByLabelText(/^Location/), 'Hall 3');
    await user.click(screen.getByRole('button', { name: 'Save session' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Opening',
      description: '',
      startsAt: '2027-06-01T10:00',
      endsAt: '2027-06-01T11:00',
      location: 'Hall 3',
      trackId: null,
      teamTypeIds: [],
      showToChildTeams: true,
      link: null,
    });
    expect(await screen.findByText('That hall is closed')).toBeInTheDocument();
    expect(screen.queryByText('Enter a title')).not.toBeInTheDocument();
  });

  it('refuses an empty track name before sending, then adds the track and starts a new name', async () => {
    const { user, calls } = renderApp('/admin/time-table/tracks', {
      ...handlers(),
      [`POST ${base}/tracks`]: (call) => ({
        status: 201,
        body: { id: '7a1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f', ...(call.body as object), sessionsCount: 0 },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add track' }));
    expect(await screen.findByText('Enter a track name')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const name = screen.getByLabelText(/^Track name/);
    await user.type(name, ' Briefings ');
    await user.click(screen.getByRole('button', { name: 'Add track' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Briefings', color: '#1c7ed6' });
    await waitFor(() => expect(name).toHaveValue(''));
  });
});
