import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupDone, signedOutSession } from '../../test/render';

const signedOut = { 'GET /api/setup': setupDone, 'GET /api/session': signedOutSession };
const logo = '/api/guests/files/2f1c6a8e-4b7d-4e2a-9c3b-1d2e3f4a5b6c?size=small';
const background = '/api/guests/files/3a1c6a8e-4b7d-4e2a-9c3b-1d2e3f4a5b6c?size=large';

describe('the sign-in screens in the event branding', () => {
  it('shows the logo, name and login background of the one event at this address', async () => {
    renderApp('/auth/login', {
      ...signedOut,
      'GET /api/public/branding': {
        body: {
          event: {
            name: 'Harbourside Expo',
            logo,
            loginImage: background,
            navBgColor: '#0b5d3b',
            navTheme: 'dark',
          },
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Harbourside Expo' })).toBeInTheDocument();
    expect(screen.getByTestId('auth-logo')).toHaveAttribute('src', logo);
    expect(screen.getByTestId('auth-background').style.backgroundImage).toContain(background);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in | Harbourside Expo');
  });

  it('names the product when the address is not one event’s', async () => {
    renderApp('/auth/login', { ...signedOut, 'GET /api/public/branding': { body: { event: null } } });
    expect(await screen.findByRole('link', { name: 'Event Portal' })).toBeInTheDocument();
    expect(screen.queryByTestId('auth-logo')).not.toBeInTheDocument();
    expect(screen.getByTestId('auth-background').style.backgroundImage).toBe('');
  });

  it('names the product when the branding cannot be loaded', async () => {
    renderApp('/auth/forgot-password', signedOut);
    expect(await screen.findByRole('link', { name: 'Event Portal' })).toBeInTheDocument();
  });
});
