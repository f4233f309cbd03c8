import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EARLY_FRAME_ID } from '../lib/earlyRequestsFrame';
import { renderUi } from '../test/render';
import { AppShell, type AppShellProps } from './AppShell';

function renderShell(overrides: Partial<AppShellProps> = {}) {
  const onSignOut = vi.fn();
  const view = renderUi(
    <AppShell
      eventName="Expo"
      navColor="#1b5e20"
      navTheme="dark"
      user={{ firstName: 'Ada', surname: 'Lovelace', email: 'ada@example.com' }}
      canOpenAdmin
      navItems={[{ label: 'Home', to: '/', icon: null }]}
      onSignOut={onSignOut}
      {...overrides}
    >
      <h1>Screen</h1>
    </AppShell>,
  );
  return { ...view, onSignOut };
}

describe('AppShell', () => {
  it('has header, navigation and main landmarks and a skip link to the content', () => {
    renderShell();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Screen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', `#${main.id}`);
  });

  it('takes away the bar the boot script painted before it (lib/earlyRequestsFrame.ts)', () => {
    const overlay = document.createElement('div');
    overlay.id = EARLY_FRAME_ID;
    document.body.append(overlay);
    renderShell();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.getElementById(EARLY_FRAME_ID)).toBeNull();
  });

  it("paints the navigation bar in the event's colour with text that contrasts with it", () => {
    const { unmount } = renderShell();
    expect(screen.getByRole('banner')).toHaveStyle({
      backgroundColor: '#1b5e20',
      color: 'var(--mantine-color-white)',
    });
    expect(screen.getByRole('link', { name: 'Expo' })).toHaveAttribute('href', '/');
    unmount();
    renderShell({ navColor: '#ffeb3b', navTheme: 'light' });
    expect(screen.getByRole('banner')).toHaveStyle({ color: 'var(--mantine-color-black)' });
  });

  it('names sidebar items as given and marks the current page', () => {
    renderShell();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it("opens the user's menu with My account, My team, My events, Admin and Sign out", async () => {
    const { user, onSignOut } = renderShell();
    const trigger = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Closed, the menu is not in the page at all (its email must not be found by text).
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My account', 'My team', 'My events', 'Admin', 'Sign out']);
    expect(within(menu).getByRole('menuitem', { name: 'My team' })).toHaveAttribute('href', '/my-team');
    expect(within(menu).getByRole('menuitem', { name: 'My account' })).toHaveAttribute('href', '/my-account');
    expect(within(menu).getByRole('menuitem', { name: 'My events' })).toHaveAttribute('href', '/my-events');
    expect(within(menu).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('works from the keyboard: arrows move, Escape closes back on the button; Admin only from reportViewer', async () => {
    const { user } = renderShell({ canOpenAdmin: false });
    const trigger = screen.getByRole('button', { name: /Account menu/ });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveFocus());
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My team' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My events' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My account' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('marks the sidebar busy and offers no links while it loads, so none moves under a click', () => {
    const { unmount } = renderShell({ navLoading: true });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toHaveAttribute('aria-busy', 'true');
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    unmount();
    renderShell();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).not.toHaveAttribute('aria-busy');
  });

  it('follows a menu link and closes', async () => {
    const { user, router } = renderShell();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'My events' }));
    expect(router.state.location.pathname).toBe('/my-events');
    expect(screen.getByRole('button', { name: /Account menu/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('draws the sidebar in its sections; a collapsable one folds under its heading', async () => {
    const { user } = renderShell({
      navSections: [
        { id: 'a', heading: '', isCollapsable: false, items: [{ label: 'Home', to: '/', icon: null }] },
        {
          id: 'b',
          heading: 'At the show',
          isCollapsable: true,
          items: [{ label: 'Floor plan', to: '/content/1', icon: null }],
        },
        {
          id: 'c',
          heading: 'Help',
          isCollapsable: false,
          items: [{ label: 'Tasks', to: '/tasks', icon: null }],
        },
      ],
    });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Floor plan', 'Tasks']);
    expect(within(nav).getByRole('region', { name: 'Help' })).toHaveTextContent('Tasks');
    const toggle = within(nav).getByRole('button', { name: 'At the show' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(within(nav).queryByRole('link', { name: 'Floor plan' })).not.toBeInTheDocument(),
    );
  });
});
