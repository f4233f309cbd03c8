import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyFormsResponse } from '../../../../shared/forms/submissionsApi';
import { EVENT_ID } from '../../../test/fixtures';
import { renderApp, signedInHandlers } from '../../../test/render';

const base = `/api/events/${EVENT_ID}`;
const id = (n: number) => `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`;

const forms: MyFormsResponse = {
  items: [
    {
      id: id(1),
      title: 'Catering',
      description: '',
      state: 'notStarted',
      submittedCount: 0,
      updatedAt: null,
      task: null,
    },
    {
      id: id(2),
      title: 'Stand build',
      description: 'Your stand',
      state: 'draft',
      submittedCount: 0,
      updatedAt: '2027-02-01T10:00:00.000Z',
      task: { id: id(9), title: 'Send the stand build form', dueDate: '2027-03-01', status: 'overdue' },
    },
  ],
};

describe('/forms', () => {
  it("shows each form's state and, when a task links to it, the task's due date and status", async () => {
    renderApp('/forms', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-forms`]: { body: forms },
    });
    const stand = (await screen.findByRole('link', { name: 'Stand build' }, { timeout: 20000 })).closest(
      'li',
    );
    if (!stand) throw new Error('no list item');
    expect(within(stand).getByText('Draft')).toBeInTheDocument();
    expect(within(stand).getByText('Overdue')).toBeInTheDocument();
    expect(within(stand).getByText(/Task due/)).toHaveTextContent(/1 Mar 2027|Mar 1, 2027|01\/03\/2027/);
    const catering = screen.getByRole('link', { name: 'Catering' }).closest('li');
    if (!catering) throw new Error('no list item');
    expect(within(catering).queryByText(/Task due/)).not.toBeInTheDocument();
  }, 60000);
});
