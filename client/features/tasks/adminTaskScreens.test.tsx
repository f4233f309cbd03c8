import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  AdminTaskDetail,
  GroupTask,
  TeamStatusListResponse,
  TeamStatusRow,
} from '../../../shared/tasks/adminApi';
import type { TaskRow } from '../../../shared/tasks/api';
import type { CommentView, ThreadResponse } from '../../../shared/tasks/comments';
import type { TeamWork } from '../../../shared/tasks/teamWork';
import { EVENT_ID } from '../../test/fixtures';
import { renderApp, signedInHandlers } from '../../test/render';

const base = `/api/events/${EVENT_ID}`;
const TASK_ID = '11111111-1111-4111-8111-111111111111';
const GROUP_ID = '22222222-2222-4222-8222-222222222222';
const teamId = (n: number) => `33333333-3333-4333-8333-${String(n).padStart(12, '0')}`;

const task: TaskRow = {
  id: TASK_ID,
  title: 'Send your logo',
  dueDate: '2027-03-01',
  type: 'upload',
  groupId: null,
  groupTitle: null,
  isArchived: true,
  isApprovalNeeded: false,
  isRequired: false,
  teamTypeIds: [],
  formId: null,
  formTitle: null,
};
const detail: AdminTaskDetail = {
  ...task,
  isArchived: false,
  description: '',
  externalLink: '',
  isTimeSensitive: false,
  disclaimer: '',
  showToChildTeams: false,
  updatedAt: '2027-01-01T10:00:00.000Z',
  attachments: [],
};

function statusRow(n: number, overrides: Partial<TeamStatusRow> = {}): TeamStatusRow {
  return {
    teamId: teamId(n),
    teamName: `Team ${n}`,
    status: 'overdue',
    progressStatus: 'incomplete',
    approvalStatus: 'none',
    approvalLabel: null,
    assignedTo: [],
    updatedAt: null,
    updatedBy: null,
    ...overrides,
  };
}
const statuses: TeamStatusListResponse = {
  items: [
    statusRow(1, {
      status: 'complete',
      progressStatus: 'complete',
      approvalStatus: 'pending',
      approvalLabel: 'Awaiting approval',
      assignedTo: [{ id: teamId(9), name: 'Ada Lovelace' }],
      updatedAt: '2027-02-01T10:00:00.000Z',
      updatedBy: 'Olivia Bennett',
    }),
    statusRow(2),
  ],
  total: 2,
  page: 1,
  pageSize: 100,
  task: {
    id: TASK_ID,
    title: 'Send your logo',
    dueDate: '2027-03-01',
    type: 'upload',
    isApprovalNeeded: true,
    isArchived: false,
  },
  today: '2027-03-05',
};

async function typeConfirm(user: ReturnType<typeof renderApp>['user']) {
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText("Type 'CONFIRM' to continue"), 'CONFIRM');
  return dialog;
}

describe("a task's team statuses", () => {
  it('shows every team with its chip, assignees, approval and last change, and filters by status', async () => {
    const { user, calls } = renderApp(`/admin/tasks/${TASK_ID}`, {
      ...signedInHandlers('admin'),
      [`GET ${base}/tasks/${TASK_ID}`]: { body: detail },
      [`GET ${base}/tasks/${TASK_ID}/teams`]: { body: statuses },
    });
    const table = await screen.findByRole('table', { name: 'Team statuses' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Team 1');
    expect(rows[1]).toHaveTextContent('Complete');
    expect(rows[1]).toHaveTextContent('Ada Lovelace');
    expect(rows[1]).toHaveTextContent('Awaiting approval');
    expect(rows[1]).toHaveTextContent('by Olivia Bennett');
    expect(rows[2]).toHaveTextContent('Overdue');
    expect(rows[2]).toHaveTextContent('No change yet');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Due Soon' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === `${base}/tasks/${TASK_ID}/teams`)
          .at(-1)
          ?.query.get('status'),
      ).toBe('dueSoon'),
    );
  });

  it('sets the status of the selected teams after a confirmation', async () => {
    const { user, calls } = renderApp(`/admin/tasks/${TASK_ID}`, {
      ...signedInHandlers('admin'),
      [`GET ${base}/tasks/${TASK_ID}`]: { body: detail },
      [`GET ${base}/tasks/${TASK_ID}/teams`]: { body: statuses },
      [`POST ${base}/tasks/${TASK_ID}/teams/status`]: { body: { updated: 1, unchanged: 0, refused: [] } },
    });
    const table = await screen.findByRole('table', { name: 'Team statuses' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await user.click(
      within(within(table).getAllByRole('row')[2]).getByRole('checkbox', { name: 'Select row' }),
    );
    await user.click(screen.getByRole('button', { name: 'Set N/A' }));
    const dialog = await typeConfirm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Set N/A' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        teamIds: [teamId(2)],
        progressStatus: 'n/a',
      }),
    );
    expect(await screen.findByText('1 team(s) set to N/A')).toBeInTheDocument();
  });

  it('hides bulk actions from moderators (spec: only for viewers not known to be non-admins)', async () => {
    const { user } = renderApp(`/admin/tasks/${TASK_ID}`, {
      ...signedInHandlers('moderator'),
      [`GET ${base}/tasks/${TASK_ID}`]: { body: detail },
      [`GET ${base}/tasks/${TASK_ID}/teams`]: { body: statuses },
    });
    const table = await screen.findByRole('table', { name: 'Team statuses' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await user.click(
      within(within(table).getAllByRole('row')[2]).getByRole('checkbox', { name: 'Select row' }),
    );
    expect(screen.queryByRole('button', { name: 'Set N/A' })).not.toBeInTheDocument();
  });
});

describe("a team's side of a task, opened by an organiser", () => {
  const thread = `${base}/tasks/${TASK_ID}/teams/${teamId(1)}`;
  const owen = { id: teamId(9), firstName: 'Owen', surname: 'Hughes' };
  const comment: CommentView = {
    id: '88888888-8888-4888-8888-888888888888',
    text: 'Is an SVG fine?',
    teamId: teamId(1),
    author: { id: owen.id, name: 'Owen Hughes', isOrganiser: false },
    createdAt: '2027-03-01T10:00:00.000Z',
    likes: [],
    likedByMe: false,
    can: { delete: false },
    isPinned: false,
    pinnedAt: null,
    replies: [],
  };
  const threadBody: ThreadResponse = {
    taskId: TASK_ID,
    teamId: teamId(1),
    teamName: 'Team 1',
    items: [comment],
    members: [owen],
    can: { pin: true },
  };
  const work: TeamWork = {
    taskId: TASK_ID,
    teamId: teamId(1),
    assignedTo: [owen.id],
    members: [owen],
    acceptance: null,
    can: { assign: true, accept: false, upload: false },
  };

  it("opens a team's row in a drawer with its status, work and comments; reviews and replies", async () => {
    const { user, calls } = renderApp(`/admin/tasks/${TASK_ID}`, {
      ...signedInHandlers('admin'),
      [`GET ${base}/tasks/${TASK_ID}`]: { body: detail },
      [`GET ${base}/tasks/${TASK_ID}/teams`]: { body: statuses },
      [`GET ${thread}/work`]: { body: work },
      [`GET ${thread}/uploads`]: { body: { items: [] } },
      [`GET ${thread}/comments`]: { body: threadBody },
      [`POST ${thread}/review`]: {
        body: {
          taskId: TASK_ID,
          teamId: teamId(1),
          progressStatus: 'incomplete',
          approvalStatus: 'rejected',
          approvalReview: 'Please send a larger logo',
          approvalHistory: [],
        },
      },
      [`POST ${thread}/comments/${comment.id}/replies`]: (call) => ({
        status: 201,
        body: {
          id: '99999999-9999-4999-8999-999999999999',
          text: (call.body as { text: string }).text,
          teamId: teamId(1),
          author: { id: teamId(8), name: 'Olivia Bennett', isOrganiser: true },
          createdAt: '2027-03-02T10:00:00.000Z',
          likes: [],
          likedByMe: false,
          can: { delete: true },
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Team statuses' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const open = within(table).getByRole('button', { name: 'Open Team 1' });
    open.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Team 1' });
    expect(within(drawer).getByText('Complete')).toBeInTheDocument();
    expect(within(drawer).getByText('Awaiting approval')).toBeInTheDocument();
    expect(await within(drawer).findByText('Is an SVG fine?')).toBeInTheDocument();

    // The team's completed task awaits approval: a rejection needs a review.
    await user.click(within(drawer).getByRole('button', { name: 'Reject' }));
    expect(within(drawer).getByText('Enter a review to explain the rejection')).toBeInTheDocument();
    await user.type(within(drawer).getByRole('textbox', { name: 'Review' }), 'Please send a larger logo');
    await user.click(within(drawer).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/review'))?.body).toEqual({
        decision: 'rejected',
        review: 'Please send a larger logo',
      }),
    );
    expect(await screen.findByText('The task has been rejected')).toBeInTheDocument();
    expect(within(drawer).getAllByText(/Owen Hughes/).length).toBeGreaterThan(0);

    await user.click(within(drawer).getByRole('button', { name: 'Reply to Owen Hughes' }));
    await user.type(
      within(drawer).getByRole('textbox', { name: 'Reply to Owen Hughes' }),
      'Yes, an SVG is fine',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Reply' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/replies'))?.body).toEqual({
        text: 'Yes, an SVG is fine',
      }),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Close the team' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Team 1' })).toBeNull());
  });
});

describe('archived screens', () => {
  it('lists archived tasks and deletes one after a confirmation', async () => {
    const { user, calls } = renderApp('/admin/tasks/archived', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/tasks`]: { body: { items: [task], total: 1, page: 1, pageSize: 100 } },
      [`DELETE ${base}/tasks/${TASK_ID}`]: { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'Archived tasks' }, { timeout: 5000 });
    expect(calls.find((c) => c.path === `${base}/tasks`)?.query.get('archived')).toBe('true');
    await user.click(await within(table).findByRole('button', { name: 'Delete Send your logo' }));
    const dialog = await typeConfirm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('lists archived task groups with unarchive and delete', async () => {
    renderApp('/admin/task-groups/archived', {
      ...signedInHandlers('moderator'),
      [`GET ${base}/task-groups`]: {
        body: { items: [{ id: GROUP_ID, title: 'Old group', isArchived: true, tasksCount: 0 }] },
      },
    });
    const table = await screen.findByRole('table', { name: 'Archived task groups' }, { timeout: 5000 });
    expect(within(table).getByRole('button', { name: 'Unarchive Old group' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete Old group' })).toBeInTheDocument();
  });
});

describe('the order of a group’s tasks', () => {
  const groupTask = (n: number): GroupTask => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Task ${n}`,
    dueDate: '2027-03-01',
    type: 'task',
    isArchived: false,
  });

  it('moves a task down with the keyboard-friendly button and saves the new order', async () => {
    const { user, calls } = renderApp(`/admin/task-groups/${GROUP_ID}`, {
      ...signedInHandlers('moderator'),
      [`GET ${base}/task-groups/${GROUP_ID}`]: {
        body: { id: GROUP_ID, title: 'Stand', isArchived: false, tasksCount: 3 },
      },
      [`GET ${base}/task-groups/${GROUP_ID}/tasks`]: { body: { items: [1, 2, 3].map(groupTask) } },
      [`PUT ${base}/task-groups/${GROUP_ID}/order`]: (call) => ({
        body: {
          items: (call.body as { taskIds: string[] }).taskIds.map((id) => groupTask(Number(id.slice(-1)))),
        },
      }),
    });
    const list = await screen.findByRole('list', { name: 'Tasks of this group in order' }, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Task 1'),
      expect.stringContaining('Task 2'),
      expect.stringContaining('Task 3'),
    ]);
    expect(screen.getByRole('button', { name: 'Move Task 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Task 1 down' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        taskIds: [groupTask(2).id, groupTask(1).id, groupTask(3).id],
      }),
    );
  });
});
