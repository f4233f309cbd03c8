import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NavigationResponse } from '../../../shared/portal/api';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const navigation: NavigationResponse = {
  sections: [
    {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      heading: 'Get ready',
      index: 0,
      isCollapsable: false,
      items: [
        { id: 'tasks', kind: 'core', label: 'Tasks', path: '/tasks', icon: 'tasks', usesTerminology: true },
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000002',
          kind: 'content',
          label: 'Catering',
          path: '/content/a1b2c3d4-0000-4000-8000-000000000002',
          icon: null,
          contentIcon: 'restaurant_outlined',
        },
      ],
    },
  ],
  publishedCorePages: ['dashboard', 'tasks'],
  corePageImages: {},
};

describe('the sidebar the admin arranged', () => {
  it('shows its sections, and a content page with the page icon chosen in its settings', async () => {
    renderApp('/', {
      ...signedInHandlers('user'),
      [`GET /api/events/${EVENT_ID}/navigation`]: { body: navigation },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const page = await within(nav).findByRole('link', { name: 'Catering' });
    expect(page).toHaveAttribute('href', navigation.sections[0].items[1].path);
    // The Material Symbols name is the icon's name without the Flutter style suffix (and its alias).
    expect(page.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'restaurant');
    expect(within(nav).getByRole('link', { name: 'Tasks' }).querySelector('svg')).not.toBeNull();
  });
});
