import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, setupDone, signedInHandlers, signedOutSession } from '../../test/render';

const signedOut = { 'GET /api/setup': setupDone, 'GET /api/session': signedOutSession };
const offering = (providers: { id: string; name: string }[]) => ({
  'GET /api/public/sign-in-providers': { body: { providers } },
});

describe('sign-in by provider', () => {
  it('shows "Continue with <provider>" for each provider the event has on, keeping where the user was going', async () => {
    renderApp('/auth/login?continuePath=%2Ftasks', {
      ...signedOut,
      ...offering([
        { id: 'acme', name: 'Acme SSO' },
        { id: 'north-id', name: 'North ID' },
      ]),
    });
    const acme = await screen.findByRole('link', { name: 'Continue with Acme SSO' });
    expect(acme).toHaveAttribute('href', '/api/auth/providers/acme/start?continuePath=%2Ftasks');
    expect(screen.getByRole('link', { name: 'Continue with North ID' })).toHaveAttribute(
      'href',
      '/api/auth/providers/north-id/start?continuePath=%2Ftasks',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows no provider button when the event offers none, or the list cannot be read', async () => {
    renderApp('/auth/login', { ...signedOut, ...offering([]) });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
    renderApp('/auth/login', signedOut);
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('says why a provider sign-in came back, for known reasons only', async () => {
    renderApp('/auth/login?providerError=noAccount', { ...signedOut, ...offering([]) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no account for this email address in this event. Ask the organiser to invite you.',
    );
  });

  it('shows nothing for an unknown reason in the address', async () => {
    renderApp('/auth/login?providerError=%3Cscript%3E', { ...signedOut, ...offering([]) });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText('Sign-in not completed')).not.toBeInTheDocument();
  });
});

describe('the event settings: sign-in providers', () => {
  const listPath = `/api/events/${EVENT_ID}/sign-in-providers`;
  const settings = {
    [`GET /api/events/${EVENT_ID}/settings/event`]: {
      body: {
        name: 'event',
        settings: {
          startDate: '2027-03-12',
          endDate: '2027-03-14',
          longName: 'Expo 2027',
          shortName: 'Expo',
          eventName: 'Expo 2027',
          teamName: '',
          companyName: '',
          companyAddress: '',
          appUrl: 'https://expo.example.com',
          timeZone: 'Europe/London',
          locale: 'en-GB',
        },
      },
    },
  };

  it('switches a provider on for the event at once, and account creation only once it is on', async () => {
    const { user, calls } = renderApp('/admin/event', {
      ...signedInHandlers('admin'),
      ...settings,
      [`GET ${listPath}`]: {
        body: { providers: [{ id: 'acme', name: 'Acme SSO', enabled: false, allowAccountCreation: false }] },
      },
      [`PUT ${listPath}/acme`]: (call) => ({
        body: { id: 'acme', name: 'Acme SSO', ...(call.body as object) },
      }),
    });
    const offer = await screen.findByRole('switch', {
      name: 'Offer "Continue with Acme SSO" on the sign-in screen',
    });
    const create = screen.getByRole('switch', { name: /Create an account for a new email/ });
    expect(create).toBeDisabled();
    await user.click(offer);
    expect(await screen.findByRole('status')).toHaveTextContent('Your updates have been successfully saved');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      allowAccountCreation: false,
    });
    await waitFor(() => expect(offer).toBeChecked());
    expect(create).toBeEnabled();
  });

  it('says when the installation has no provider to offer', async () => {
    renderApp('/admin/event', {
      ...signedInHandlers('admin'),
      ...settings,
      [`GET ${listPath}`]: { body: { providers: [] } },
    });
    expect(
      await screen.findByText(/No identity provider is set up for this installation/),
    ).toBeInTheDocument();
  });
});
