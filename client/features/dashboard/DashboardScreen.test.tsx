import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meFixture } from '../../test/fixtures';
import { renderApp, signedInHandlers, signedOutSession } from '../../test/render';

describe('dashboard', () => {
  it("welcomes the user and shows the event's name, dates and where it stands", async () => {
    renderApp('/', signedInHandlers('user'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    const event = screen.getByRole('region', { name: 'International Expo 2027' });
    expect(event).toHaveTextContent(/12\s*–\s*14 Mar 2027/);
    expect(within(event).getByText(/^(Starts in \d+ days?|Running now|Ended)$/)).toBeInTheDocument();
    expect(event).toHaveTextContent('Time zone: Europe/London');
  });

  it('offers My account and My events to everyone, and the admin hub from reportViewer', async () => {
    const first = renderApp('/', signedInHandlers('user'));
    const quick = await screen.findByRole('region', { name: 'Quick access' });
    expect(within(quick).getByRole('link', { name: /My account/ })).toHaveAttribute('href', '/my-account');
    expect(within(quick).getByRole('link', { name: /My events/ })).toHaveAttribute('href', '/my-events');
    expect(within(quick).queryByRole('link', { name: /Admin/ })).not.toBeInTheDocument();
    first.unmount();

    renderApp('/', signedInHandlers('reportViewer'));
    const again = await screen.findByRole('region', { name: 'Quick access' });
    expect(within(again).getByRole('link', { name: /Admin/ })).toHaveAttribute('href', '/admin');
  });

  it('draws the shell: event short name, sidebar named by terminology', async () => {
    renderApp('/', signedInHandlers('user'));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    // The sidebar's links replace its placeholders once the event's sidebar answers.
    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Expo' })).toBeInTheDocument();
  });

  it('signs out through the API and returns to sign in', async () => {
    let signedIn = true;
    const handlers = {
      ...signedInHandlers('user'),
      'GET /api/session': () => (signedIn ? { body: { me: meFixture('user') } } : signedOutSession),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { status: 204 };
      },
    };
    const { user, router, calls } = renderApp('/', handlers);
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(calls.find((c) => c.path === '/api/auth/logout')?.body).toEqual({});
  });
});
