import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyTask, MyTasksResponse, TaskDetail, TaskRow } from '../../../shared/tasks/api';
import { EVENT_ID } from '../../test/fixtures';
import { type FetchCall, renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}`;
const TASK_ID = '11111111-1111-4111-8111-111111111111';
const GROUP_ID = '22222222-2222-4222-8222-222222222222';
const TEAM_ID = '33333333-3333-4333-8333-333333333333';
const TYPE_ID = '55555555-5555-4555-8555-555555555555';

function row(n: number, overrides: Partial<TaskRow> = {}): TaskRow {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Task ${n}`,
    dueDate: `2027-0${n}-01`,
    type: 'task',
    groupId: null,
    groupTitle: null,
    isArchived: false,
    isApprovalNeeded: false,
    isRequired: false,
    teamTypeIds: [],
    formId: null,
    formTitle: null,
    ...overrides,
  };
}

function myTask(overrides: Partial<MyTask> = {}): MyTask {
  return {
    id: TASK_ID,
    title: 'Send your logo',
    dueDate: '2027-03-01',
    type: 'upload',
    groupId: GROUP_ID,
    description: 'A PNG, please.',
    externalLink: '',
    isTimeSensitive: false,
    isApprovalNeeded: true,
    isRequired: true,
    disclaimer: '',
    showToChildTeams: false,
    status: 'overdue',
    progressStatus: 'incomplete',
    approval: null,
    restriction: null,
    formId: null,
    ...overrides,
  };
}

const detail: TaskDetail = {
  ...row(1),
  description: '',
  externalLink: '',
  isTimeSensitive: false,
  disclaimer: '',
  showToChildTeams: false,
  updatedAt: '2027-01-01T10:00:00.000Z',
};
const groups = {
  body: { items: [{ id: GROUP_ID, title: 'Before the show', isArchived: false, tasksCount: 1 }] },
};
const teamTypes = { body: { items: [{ id: TYPE_ID, name: 'Exhibitor', teamsCount: 2 }] } };
const lastQuery = (calls: FetchCall[], path: string) =>
  Object.fromEntries(calls.filter((c) => c.path === path).at(-1)?.query ?? []);

describe('admin tasks', () => {
  it('lists tasks by due date with their group, and filters by status, type and group on the server', async () => {
    const { user, calls } = renderApp('/admin/tasks', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/task-groups`]: groups,
      [`GET ${base}/tasks`]: {
        body: {
          items: [row(1, { groupId: GROUP_ID, groupTitle: 'Before the show', isRequired: true }), row(2)],
          total: 2,
          page: 1,
          pageSize: 100,
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Tasks' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Task 1');
    expect(rows[1]).toHaveTextContent('1 Jan 2027');
    expect(rows[1]).toHaveTextContent('Before the show');
    expect(rows[1]).toHaveTextContent('Required');
    expect(rows[2]).toHaveTextContent('Unassigned');
    expect(within(rows[1]).getByRole('link', { name: 'Task 1' })).toHaveAttribute(
      'href',
      `/admin/tasks/${row(1).id}`,
    );
    expect(lastQuery(calls, `${base}/tasks`)).toEqual({ page: '1', sort: 'dueDate', order: 'asc' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(lastQuery(calls, `${base}/tasks`).status).toBe('overdue'));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Upload' }));
    await waitFor(() => expect(lastQuery(calls, `${base}/tasks`).type).toBe('upload'));
  });

  it('shows the empty state with a way to add the first task', async () => {
    renderApp('/admin/tasks', {
      ...signedInHandlers('admin'),
      [`GET ${base}/task-groups`]: groups,
      [`GET ${base}/tasks`]: { body: { items: [], total: 0, page: 1, pageSize: 100 } },
    });
    expect(await screen.findByText('There are no tasks in this event yet.')).toBeInTheDocument();
  });

  it('adds a task with the spec fields and refuses a missing due date before sending', async () => {
    const { user, calls } = renderApp('/admin/tasks/add', {
      ...signedInHandlers('admin'),
      [`GET ${base}/task-groups`]: groups,
      [`GET ${base}/team-types`]: teamTypes,
      [`GET ${base}/tasks`]: { body: { items: [], total: 0, page: 1, pageSize: 100 } },
      [`POST ${base}/tasks`]: (call) => ({
        status: 201,
        body: { ...detail, attachments: [], ...(call.body as object) },
      }),
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Title' }, { timeout: 8000 }),
      'Send your logo',
    );
    // The description is the lazy rich text editor, with its formatting toolbar.
    expect(await screen.findByRole('textbox', { name: 'Description' }, { timeout: 8000 })).toHaveAttribute(
      'contenteditable',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Invalid target date')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/Due date/), '2027-03-01');
    await user.click(screen.getByRole('checkbox', { name: 'Approval needed' }));
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')?.body;
    expect(sent).toMatchObject({
      title: 'Send your logo',
      dueDate: '2027-03-01',
      isApprovalNeeded: true,
      groupId: null,
    });
    expect(
      await screen.findByRole('table', { name: 'Tasks' }).catch(() => screen.findByText(/no tasks/)),
    ).toBeTruthy();
  });

  it('makes a form task: the form is required, searched among the forms, and an unpublished one says so', async () => {
    const FORM_ID = '66666666-6666-4666-8666-666666666666';
    const DRAFT_ID = '77777777-7777-4777-8777-777777777777';
    const formRow = (id: string, title: string, isPublished: boolean) => ({
      id,
      title,
      description: '',
      fieldsCount: 3,
      isArchived: false,
      isPublished,
      isEditable: false,
      isPublic: false,
      updatedAt: '2027-01-01T10:00:00.000Z',
      linkedTasks: [],
    });
    const allForms = [formRow(FORM_ID, 'Stand build', true), formRow(DRAFT_ID, 'Hotel booking', false)];
    const { user, calls } = renderApp('/admin/tasks/add', {
      ...signedInHandlers('admin'),
      [`GET ${base}/task-groups`]: groups,
      [`GET ${base}/team-types`]: teamTypes,
      [`GET ${base}/tasks`]: { body: { items: [], total: 0, page: 1, pageSize: 100 } },
      [`GET ${base}/forms`]: (call) => {
        const search = (call.query.get('search') ?? '').toLowerCase();
        const items = allForms.filter((form) => form.title.toLowerCase().includes(search));
        const counts = { forms: 2, archivedForms: 0, fieldGroups: 0, archivedFieldGroups: 0 };
        return { body: { items, total: items.length, page: 1, pageSize: 100, counts } };
      },
      [`POST ${base}/tasks`]: (call) => ({
        status: 201,
        body: { ...detail, attachments: [], ...(call.body as object) },
      }),
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Title' }, { timeout: 8000 }),
      'Send your stand build form',
    );
    await user.type(screen.getByLabelText(/Due date/), '2027-03-01');
    expect(screen.queryByRole('combobox', { name: 'Form' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Form' }));
    const formBox = await screen.findByRole('combobox', { name: 'Form' });
    // Without a form the task is refused before sending, with the message under the select.
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Choose the form this task links to')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The search goes to the server; the unpublished form is offered, marked as such.
    await user.type(formBox, 'hotel');
    await waitFor(() => expect(lastQuery(calls, `${base}/forms`)).toMatchObject({ search: 'hotel' }));
    expect(lastQuery(calls, `${base}/forms`)).toMatchObject({ archived: 'false' });
    await user.click(await screen.findByRole('option', { name: 'Hotel booking (unpublished)' }));
    expect(await screen.findByText(/This form is not published yet/)).toBeInTheDocument();
    expect(screen.queryByText('Choose the form this task links to')).not.toBeInTheDocument();
    await user.clear(formBox);
    await user.type(formBox, 'stand');
    await user.click(await screen.findByRole('option', { name: 'Stand build' }));
    expect(screen.getByText('Teams complete this task by submitting the form.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ type: 'form', formId: FORM_ID });
  });

  it('lists task groups and offers archive', async () => {
    renderApp('/admin/task-groups', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/task-groups`]: groups,
    });
    const table = await screen.findByRole('table', { name: 'Task groups' });
    expect(within(table).getByRole('link', { name: 'Before the show' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Archive Before the show' })).toBeInTheDocument();
  });
});

describe('the team task list', () => {
  const mine = (tasks: MyTask[]): { body: MyTasksResponse } => ({
    body: {
      teamId: TEAM_ID,
      today: '2027-03-05',
      sections: [{ groupId: GROUP_ID, title: 'Before the show', tasks }],
    },
  });

  it('groups tasks with status chips and marks one complete', async () => {
    const { user, calls } = renderApp('/tasks', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-tasks`]: mine([
        myTask(),
        myTask({
          id: GROUP_ID,
          title: 'Menu',
          status: 'complete',
          progressStatus: 'complete',
          approval: null,
        }),
      ]),
      [`PUT ${base}/tasks/${TASK_ID}/status`]: {
        body: {
          taskId: TASK_ID,
          teamId: TEAM_ID,
          progressStatus: 'complete',
          approvalStatus: 'pending',
          approvalReview: '',
          approvalHistory: [],
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Before the show' });
    expect(within(section).getByText('Overdue')).toBeInTheDocument();
    expect(within(section).getByText('Complete')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Mark Send your logo complete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ progressStatus: 'complete' }),
    );
  });

  it('filters the team list by urgency (time sensitive or not), kept in the address', async () => {
    const { user } = renderApp('/tasks?urgency=timeSensitive', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-tasks`]: mine([
        myTask({ isTimeSensitive: true }),
        myTask({ id: GROUP_ID, title: 'Menu', isTimeSensitive: false }),
      ]),
    });
    const section = await screen.findByRole('region', { name: 'Before the show' });
    expect(within(section).getByText('Send your logo')).toBeInTheDocument();
    expect(within(section).queryByText('Menu')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Urgency' }), 'Not time sensitive');
    await waitFor(() => expect(within(section).getByText('Menu')).toBeInTheDocument());
    expect(within(section).queryByText('Send your logo')).not.toBeInTheDocument();
  });

  it('opens a task in a drawer over the list and shows the approval outcome', async () => {
    renderApp(`/tasks/${TASK_ID}`, {
      ...signedInHandlers('user'),
      [`GET ${base}/my-tasks`]: mine([
        myTask({ approval: { status: 'rejected', label: 'Rejected', review: 'Wrong size' } }),
      ]),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Send your logo' });
    expect(within(drawer).getByText('Wrong size')).toBeInTheDocument();
    expect(within(drawer).getByText('A PNG, please.')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Rejected').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Before the show' })).toBeInTheDocument();
  });

  it('shows the rich description formatted, and older plain text with its line breaks', async () => {
    const { unmount } = renderApp(`/tasks/${TASK_ID}`, {
      ...signedInHandlers('user'),
      [`GET ${base}/my-tasks`]: mine([
        myTask({
          description: '<p>A <strong>PNG</strong> file:</p><ul><li><p>1000 pixels wide</p></li></ul>',
        }),
      ]),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Send your logo' });
    const bold = within(drawer).getByText('PNG');
    expect(bold.tagName).toBe('STRONG');
    expect(bold.closest('.mantine-Typography-root')).not.toBeNull();
    expect(within(drawer).getByRole('listitem')).toHaveTextContent('1000 pixels wide');
    expect(within(drawer).queryByText(/<strong>/)).toBeNull();
    unmount();

    renderApp(`/tasks/${TASK_ID}`, {
      ...signedInHandlers('user'),
      [`GET ${base}/my-tasks`]: mine([myTask({ description: 'Line one\nLine <two>' })]),
    });
    const plain = await screen.findByRole('dialog', { name: 'Send your logo' });
    expect(within(plain).getByText(/Line one\s+Line <two>/)).toHaveStyle({ whiteSpace: 'pre-wrap' });
  });

  it('says so when the user is in no team', async () => {
    renderApp('/tasks', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-tasks`]: { body: { teamId: null, today: '2027-03-05', sections: [] } },
    });
    expect(
      await screen.findByText('You are not in a team, so there are no tasks for you here.'),
    ).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    renderApp('/tasks', {
      ...signedInHandlers('user'),
      [`GET ${base}/my-tasks`]: { status: 500, body: { error: { code: 'internal', message: 'Boom' } } },
    });
    expect(await screen.findByText('Your tasks could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
