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
    const reporting = screen.getByRole('region', { name: 'Reporting' });
    expect(within(reporting).getByRole('link', { name: /Reports/ })).toHaveAttribute(
      'href',
      '/admin/reports',
    );
    const tasks = screen.getByRole('region', { name: 'Tasks' });
    expect(within(tasks).getByRole('link', { name: /Task groups/ })).toHaveAttribute(
      'href',
      '/admin/task-groups',
    );
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(7);
    // Field groups are admin only (spec).
    expect(screen.queryByRole('link', { name: /Field groups/ })).not.toBeInTheDocument();
  });

  it('offers admins the field groups beside the forms', async () => {
    renderApp('/admin', signedInHandlers('admin'));
    const forms = await screen.findByRole('region', { name: 'Forms' });
    expect(within(forms).getByRole('link', { name: /Field groups/ })).toHaveAttribute(
      'href',
      '/admin/field-groups',
    );
  });

  it('shows a reportViewer the Reports card and nothing above their level', async () => {
    renderApp('/admin', signedInHandlers('reportViewer'));
    const reporting = await screen.findByRole('region', { name: 'Reporting' });
    expect(within(reporting).getByRole('link', { name: /Reports/ })).toHaveAttribute(
      'href',
      '/admin/reports',
    );
    expect(
      screen.queryByText(/Your permission level does not open any admin screens/),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Users/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });

  it('keeps the spec order of groups and hides cards above the level', () => {
    expect(adminGroupsFor('user')).toEqual([]);
    expect(adminGroupsFor('reportViewer').map((entry) => entry.group)).toEqual(['Reporting']);
    expect(adminGroupsFor('admin').map((entry) => entry.group)).toEqual([
      'Reporting',
      'General settings',
      'Dashboard',
      'Assets & Downloads',
      'Tasks',
      'Content',
      'Forms',
      'Emails',
      'Notifications',
      'Teams/Users/Custom Fields',
      'Suppliers',
    ]);
    // Settings and the dashboard's layouts are admin only.
    expect(adminGroupsFor('moderator').map((entry) => entry.group)).toEqual([
      'Reporting',
      'Assets & Downloads',
      'Tasks',
      'Content',
      'Forms',
      'Teams/Users/Custom Fields',
      'Suppliers',
    ]);
  });
});
