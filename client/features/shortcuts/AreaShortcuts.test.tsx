import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EVENT_ID } from '../../test/fixtures';
import { mockApi, renderUi, testSession } from '../../test/render';
import { AreaShortcuts } from './AreaShortcuts';

const countsPath = (area: string) => `GET /api/events/${EVENT_ID}/shortcut-counts/${area}`;

describe('manage-area shortcuts', () => {
  it("shows the area's counts, marks the current screen and disables an archived shortcut at zero", async () => {
    mockApi({
      [countsPath('tasks')]: {
        body: { counts: { tasks: 7, archivedTasks: 0, taskGroups: 2, archivedTaskGroups: 1 } },
      },
    });
    renderUi(<AreaShortcuts area="tasks" current="taskGroups" />, { session: testSession('moderator') });
    const nav = await screen.findByRole('navigation', { name: 'Tasks shortcuts' });
    await waitFor(() => expect(screen.getByRole('link', { name: /^Tasks/ })).toHaveTextContent('7'));
    expect(screen.getByRole('button', { name: /^Archived Tasks/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: /^Task Groups/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /^Archived Task Groups/ })).toHaveAttribute(
      'href',
      '/admin/task-groups/archived',
    );
    expect(nav).toHaveTextContent('Archived Task Groups1');
  });

  it("names a shortcut in the event's terminology when the screen passes its words", async () => {
    mockApi({
      [countsPath('suppliers')]: {
        body: {
          counts: { suppliers: 3, archivedSuppliers: 2, supplierGroups: 0, archivedSupplierGroups: 0 },
        },
      },
    });
    renderUi(
      <AreaShortcuts
        area="suppliers"
        current="suppliers"
        labels={{ suppliers: 'Vendors', archivedSuppliers: 'Archived Vendors' }}
      />,
      { session: testSession('admin') },
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^Archived Vendors/ })).toHaveTextContent('2'),
    );
    expect(screen.getByRole('link', { name: /^Vendors/ })).toHaveAttribute('aria-current', 'page');
    // A listed (not archived) shortcut stays a link at zero; only archived ones are disabled.
    expect(screen.getByRole('link', { name: /^Supplier Types/ })).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: /^Archived Supplier Types/ })).toBeDisabled();
  });
});
