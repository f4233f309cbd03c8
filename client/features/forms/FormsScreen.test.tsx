import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormListResponse, FormRow } from '../../../shared/forms/api';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}`;
const row = (n: number, overrides: Partial<FormRow> = {}): FormRow => ({
  id: `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`,
  title: `Form ${n}`,
  description: '',
  fieldsCount: 3,
  isArchived: false,
  isPublished: true,
  isEditable: false,
  isPublic: false,
  updatedAt: '2027-01-01T10:00:00.000Z',
  linkedTasks: [],
  ...overrides,
});
const TASK_ID = '22222222-2222-4222-8222-222222222222';
const list: FormListResponse = {
  items: [
    row(1, { title: 'Hotel booking', linkedTasks: [{ id: TASK_ID, title: 'Book your hotel' }] }),
    row(2, { title: 'Catering order' }),
  ],
  total: 2,
  page: 1,
  pageSize: 25,
  counts: { forms: 2, archivedForms: 0, fieldGroups: 0, archivedFieldGroups: 0 },
};

describe('the forms list', () => {
  it('shows the form tasks linked to each form as links to the task, and None without', async () => {
    renderApp('/admin/forms', { ...signedInHandlers('moderator'), [`GET ${base}/forms`]: { body: list } });
    const hotel = await screen.findByRole('row', { name: /Hotel booking/ }, { timeout: 5000 });
    expect(screen.getByRole('columnheader', { name: 'Linked tasks' })).toBeInTheDocument();
    expect(within(hotel).getByRole('link', { name: 'Book your hotel' })).toHaveAttribute(
      'href',
      `/admin/tasks/${TASK_ID}`,
    );
    const catering = screen.getByRole('row', { name: /Catering order/ });
    expect(within(catering).getByText('None')).toBeInTheDocument();
  });
});
