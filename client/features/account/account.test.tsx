import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EVENT_ID, meFixture, OTHER_EVENT_ID, shellFixture } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

describe('my account', () => {
  it('saves the first and last name', async () => {
    const renamed = meFixture('user');
    renamed.account.firstName = 'Augusta';
    const { user, calls } = renderApp('/my-account', {
      ...signedInHandlers('user'),
      'PATCH /api/me': { body: renamed },
    });
    const first = await screen.findByLabelText(/^First name/);
    expect(first).toHaveValue('Ada');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your updates have been successfully saved');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      firstName: 'Augusta',
      surname: 'Lovelace',
    });
    expect(screen.getByRole('button', { name: /Account menu for Augusta Lovelace/ })).toBeInTheDocument();
  });

  it('requests an email change with the current password and says where the link went', async () => {
    const { user, calls } = renderApp('/my-account', {
      ...signedInHandlers('user'),
      'POST /api/me/email-change': { body: { ok: true } },
    });
    await user.type(await screen.findByLabelText(/^New email address/), 'ada@new.example.com');
    await user.type(screen.getByLabelText(/^Current password/), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We have sent a verification link to ada@new.example.com. Your email address changes when you open it.',
    );
    expect(calls.find((c) => c.path === '/api/me/email-change')?.body).toEqual({
      newEmail: 'ada@new.example.com',
      password: 'secret password',
    });
  });

  it('puts a wrong password next to the password field', async () => {
    const { user } = renderApp('/my-account', {
      ...signedInHandlers('user'),
      'POST /api/me/email-change': {
        status: 401,
        body: { error: { code: 'auth/wrong-password', message: 'Wrong password' } },
      },
    });
    await user.type(await screen.findByLabelText(/^New email address/), 'ada@new.example.com');
    await user.type(screen.getByLabelText(/^Current password/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('The password provided is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My account' })).toBeInTheDocument();
  });

  it('sends a password reset email', async () => {
    const { user, calls } = renderApp('/my-account', {
      ...signedInHandlers('user'),
      'POST /api/me/password-reset': { body: { ok: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Send Password Reset Email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We have sent a password reset email to ada@example.com.',
    );
    expect(calls.find((c) => c.path === '/api/me/password-reset')?.body).toEqual({});
  });
});

describe('my events', () => {
  it('lists every event with dates and permission, marking the current one', async () => {
    renderApp('/my-events', signedInHandlers('admin'));
    const table = await screen.findByRole('table', { name: 'My events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // Default order: by start date, earliest first.
    expect(rows[0]).toHaveTextContent('Trade Fair 2026');
    expect(rows[0]).toHaveTextContent('User');
    expect(rows[1]).toHaveTextContent('Expo 2027');
    expect(rows[1]).toHaveTextContent('Current event');
    expect(rows[1]).toHaveTextContent('Admin');
    expect(rows[1]).toHaveTextContent(/12\s*–\s*14 Mar 2027/);
  });

  it('switches the whole portal to another event and goes to its dashboard', async () => {
    let current = EVENT_ID;
    const other = shellFixture('user', {
      event: {
        ...shellFixture().event,
        id: OTHER_EVENT_ID,
        eventName: 'Trade Fair 2026',
        shortName: 'Fair',
        longName: '',
      },
    });
    const handlers = {
      ...signedInHandlers('admin'),
      'GET /api/session': () => ({ body: { me: meFixture('admin', { currentEventId: current }) } }),
      [`GET /api/events/${OTHER_EVENT_ID}/shell`]: { body: other },
      'PUT /api/me/current-event': () => {
        current = OTHER_EVENT_ID;
        return { body: meFixture('admin', { currentEventId: OTHER_EVENT_ID }) };
      },
    };
    const { user, router, calls } = renderApp('/my-events', handlers);
    await user.click(await screen.findByRole('button', { name: 'Open Trade Fair 2026' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ eventId: OTHER_EVENT_ID });
    expect(await screen.findByRole('heading', { level: 2, name: 'Trade Fair 2026' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Fair' })).toBeInTheDocument();
  });
});
