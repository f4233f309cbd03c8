import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { shellFixture } from '../test/fixtures';
import { renderUi, testSession } from '../test/render';
import { PageHeader } from './PageHeader';

const links = [
  { label: 'Users', to: '/admin/users' },
  { label: 'Branding', to: '/admin/branding', level: 'admin' as const },
];

describe('PageHeader', () => {
  beforeEach(() => {
    window.innerWidth = 1024;
  });

  it('has one h1 and breadcrumbs that start with the dashboard under its terminology name', () => {
    const session = testSession('admin');
    session.shell = shellFixture('admin', {
      terminology: { ...shellFixture().terminology, dashboard: 'Home' },
    });
    renderUi(
      <PageHeader title="Users" breadcrumbs={[{ label: 'Admin', to: '/admin' }, { label: 'Users' }]} />,
      {
        session,
      },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(trail).getAllByText(/Home|Admin|Users/);
    expect(items.map((item) => item.textContent)).toEqual(['Home', 'Admin', 'Users']);
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText('Users')).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Users | Expo');
  });

  it('names the dashboard "Dashboard" outside an event', () => {
    renderUi(<PageHeader title="Welcome" />);
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Dashboard'),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('hides Quick Links and Tips and tricks below 1200 px', () => {
    renderUi(<PageHeader title="Users" quickLinks={links} tips="Sort by clicking a heading." />, {
      session: testSession('admin'),
    });
    expect(screen.queryByText('Quick Links')).not.toBeInTheDocument();
    expect(screen.queryByText('Tips and tricks')).not.toBeInTheDocument();
  });

  it('shows them from 1200 px, without admin-only links for lower levels', () => {
    window.innerWidth = 1200;
    renderUi(<PageHeader title="Users" quickLinks={links} tips="Sort by clicking a heading." />, {
      session: testSession('moderator'),
    });
    const quick = screen.getByRole('region', { name: 'Quick Links' });
    expect(within(quick).getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(within(quick).queryByRole('link', { name: 'Branding' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tips and tricks' })).toHaveTextContent(
      'Sort by clicking a heading.',
    );
  });

  it('shows admin-only quick links to admins', () => {
    window.innerWidth = 1400;
    renderUi(<PageHeader title="Users" quickLinks={links} />, { session: testSession('admin') });
    expect(screen.getByRole('link', { name: 'Branding' })).toHaveAttribute('href', '/admin/branding');
  });
});
