import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TIME_ZONES } from '../../../shared/events/settings';
import { EVENT_ID, meFixture } from '../../test/fixtures';
import { notFound, renderApp, setupDone, signedInHandlers, signedOutSession } from '../../test/render';

const required = { body: { required: true, defaultAppUrl: 'https://portal.example.com' } };

async function fillAccount(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Surname/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'a long enough password');
  await user.type(screen.getByLabelText(/^Event name/), 'Expo 2027');
  await user.type(screen.getByLabelText(/^Short name/), 'Expo');
}

function fillDates(start = '2027-05-10', end = '2027-05-12') {
  // Typing into a native date input is browser-specific; its value is what the form reads.
  fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: start } });
  fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: end } });
}

describe('setup', () => {
  it('is the 404 screen once setup is done', async () => {
    renderApp('/setup', { 'GET /api/setup': setupDone, 'GET /api/session': signedOutSession });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });

  it("defaults the app URL to the server's and the time zone to a real zone", async () => {
    renderApp('/setup', { 'GET /api/setup': required });
    expect(await screen.findByLabelText(/^App URL/)).toHaveValue('https://portal.example.com');
    const zone = (screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value;
    expect(TIME_ZONES).toContain(zone);
  });

  it('checks the form with the shared rules before sending it', async () => {
    const { user, calls } = renderApp('/setup', { 'GET /api/setup': required });
    await user.click(await screen.findByRole('button', { name: 'Create account and event' }));
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByText('The email address provided is invalid.')).toBeInTheDocument();
    expect(
      screen.getByText('Use at least 8 characters.', { selector: '.mantine-InputWrapper-error' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses an end date before the start date', async () => {
    const { user, calls } = renderApp('/setup', { 'GET /api/setup': required });
    await fillAccount(user);
    fillDates('2027-05-12', '2027-05-10');
    await user.click(screen.getByRole('button', { name: 'Create account and event' }));
    expect(screen.getByText('The end date must be on or after the start date')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's field errors from a 400 answer", async () => {
    const handlers = {
      'GET /api/setup': required,
      'POST /api/setup': {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Invalid input',
            issues: [{ path: ['event', 'shortName'], message: 'That short name is taken' }],
          },
        },
      },
    };
    const { user } = renderApp('/setup', handlers);
    await fillAccount(user);
    fillDates();
    await user.click(screen.getByRole('button', { name: 'Create account and event' }));
    expect(await screen.findByText('That short name is taken')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid input');
  });

  it('creates the account and the event, then opens the dashboard', async () => {
    let done = false;
    const handlers = {
      ...signedInHandlers('staff'),
      'GET /api/setup': () => (done ? notFound : required),
      'GET /api/session': () => (done ? { body: { me: meFixture('staff') } } : signedOutSession),
      'POST /api/setup': () => {
        done = true;
        return { status: 201, body: { eventId: EVENT_ID, userId: meFixture().account.id } };
      },
    };
    const { user, router, calls } = renderApp('/setup', handlers);
    await fillAccount(user);
    fillDates();
    await user.click(screen.getByRole('button', { name: 'Create account and event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST' && c.path === '/api/setup')?.body;
    expect(body).toMatchObject({
      firstName: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.com',
      event: {
        eventName: 'Expo 2027',
        shortName: 'Expo',
        startDate: '2027-05-10',
        endDate: '2027-05-12',
        appUrl: 'https://portal.example.com',
      },
    });
  });
});
