import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../router';
import { EVENT_ID, meFixture } from '../../test/fixtures';
import {
  createTestQueryClient,
  renderApp,
  setupDone,
  signedInHandlers,
  signedOutSession,
  unauthenticated,
} from '../../test/render';
import { ADMIN_CARDS, availableCorePages } from '../registry';

const signedOut = { 'GET /api/setup': setupDone, 'GET /api/session': signedOutSession };

describe('routing', () => {
  it('sends /auth to /auth/login', async () => {
    const { router } = renderApp('/auth', signedOut);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends a signed-out visitor of a signed-in screen to sign in, remembering the way back', async () => {
    const { router } = renderApp('/my-account?tab=1', signedOut);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('continuePath')).toBe('/my-account?tab=1');
  });

  it('sends the first visitor of the sign-in screen to setup', async () => {
    const { router } = renderApp('/auth/login', {
      'GET /api/setup': { body: { required: true, defaultAppUrl: 'http://localhost:3000' } },
      'GET /api/session': signedOutSession,
    });
    expect(await screen.findByRole('heading', { name: 'Set up your event portal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('shows the 404 screen for an unknown path and for /404', async () => {
    renderApp('/no/such/page', signedOut);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go To Dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows /unauthorised to a signed-in user below the level of a screen', async () => {
    const { router } = renderApp('/admin/users', signedInHandlers('reportViewer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorised' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorised');
  });

  it('lets a reportViewer into the admin hub but not a user', async () => {
    const first = renderApp('/admin', signedInHandlers('reportViewer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    first.unmount();
    const second = renderApp('/admin', signedInHandlers('user'));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/unauthorised'));
  });

  it('says inside the shell when a list fails to load, offering Try Again', async () => {
    renderApp('/admin/users', {
      ...signedInHandlers('admin'),
      [`GET /api/events/${EVENT_ID}/users`]: {
        status: 500,
        body: { error: { code: 'internal', message: 'Error: 500' } },
      },
    });
    expect(await screen.findByText('The users could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Error: 500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('sends the user to sign in when the session ends while the portal is open', async () => {
    let sessionEnded = false;
    const { router } = renderApp('/admin/users?page=2', {
      ...signedInHandlers('admin'),
      'GET /api/session': () => (sessionEnded ? signedOutSession : { body: { me: meFixture('admin') } }),
      [`GET /api/events/${EVENT_ID}/users`]: () => {
        sessionEnded = true;
        return unauthenticated;
      },
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('continuePath')).toBe('/admin/users?page=2');
    expect(screen.getByRole('status')).toHaveTextContent('Please sign in to continue.');
  });

  it('has a route for every sidebar page and admin card the registry lists', () => {
    const routes = createRoutes(createTestQueryClient());
    for (const path of [
      ...availableCorePages().map((page) => page.path),
      ...ADMIN_CARDS.map((card) => card.path),
    ]) {
      const matches = matchRoutes(routes, path) ?? [];
      expect(matches.at(-1)?.route.path, path).not.toBe('*');
    }
  });
});
