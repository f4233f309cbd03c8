import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInHandlers } from '../../test/render';
import { adminGroupsFor } from '../registry';

describe('admin hub', () => {
  it('groups the cards a moderator may open, with no empty groups', async () => {
    renderApp('/admin', signedInHandlers('moderator'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    const group = screen.getByRole('region', { name: 'Teams/Users/Custom Fields' });
    expect(within(group).getByRole('link', { name: /Users/ })).toHaveAttribute('href', '/admin/users');
    expect(screen.queryByRole('region', { name: 'Reporting' })).not.toBeInTheDocument();
    const tasks = screen.getByRole('region', { name: 'Tasks' });
    expect(within(tasks).getByRole('link', { name: /Task groups/ })).toHaveAttribute(
      'href',
      '/admin/task-groups',
    );
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(6);
  });

  it('tells a reportViewer that no admin screen is open to them yet', async () => {
    renderApp('/admin', signedInHandlers('reportViewer'));
    expect(
      await screen.findByText(/Your permission level does not open any admin screens/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Users/ })).not.toBeInTheDocument();
  });

  it('keeps the spec order of groups and hides cards above the level', () => {
    expect(adminGroupsFor('user')).toEqual([]);
    expect(adminGroupsFor('admin').map((entry) => entry.group)).toEqual([
      'General settings',
      'Dashboard',
      'Assets & Downloads',
      'Tasks',
      'Content',
      'Forms',
      'Notifications',
      'Teams/Users/Custom Fields',
      'Suppliers',
    ]);
    // Settings and the dashboard's layouts are admin only.
    expect(adminGroupsFor('moderator').map((entry) => entry.group)).toEqual([
      'Assets & Downloads',
      'Tasks',
      'Content',
      'Forms',
      'Teams/Users/Custom Fields',
      'Suppliers',
    ]);
  });
});
