import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyTask } from '../../../../shared/tasks/api';
import type { CommentView, ThreadResponse } from '../../../../shared/tasks/comments';
import type { TeamWork } from '../../../../shared/tasks/teamWork';
import { ACCOUNT_ID, EVENT_ID } from '../../../test/fixtures';
import { type Handlers, renderApp, signedInHandlers } from '../../../test/render';

const base = `/api/events/${EVENT_ID}`;
const TASK_ID = '44444444-4444-4444-8444-444444444444';
const DISCLAIMER_ID = '66666666-6666-4666-8666-666666666666';
const TEAM_ID = '55555555-5555-4555-8555-555555555555';
const OWEN = '77777777-7777-4777-8777-777777777777';
const COMMENT_ID = '88888888-8888-4888-8888-888888888888';
const thread = (taskId = TASK_ID) => `${base}/tasks/${taskId}/teams/${TEAM_ID}`;

function task(overrides: Partial<MyTask> = {}): MyTask {
  return {
    id: TASK_ID,
    title: 'Confirm your stand layout',
    dueDate: '2099-06-01',
    type: 'task',
    groupId: null,
    description: '',
    externalLink: 'https://example.com/plan',
    isTimeSensitive: false,
    isApprovalNeeded: false,
    isRequired: false,
    disclaimer: '',
    showToChildTeams: false,
    status: 'incomplete',
    progressStatus: 'incomplete',
    approval: null,
    restriction: null,
    formId: null,
    ...overrides,
  };
}

const members = [
  { id: ACCOUNT_ID, firstName: 'Ada', surname: 'Lovelace' },
  { id: OWEN, firstName: 'Owen', surname: 'Hughes' },
];
const comment: CommentView = {
  id: COMMENT_ID,
  text: 'Bring the floor plan',
  teamId: TEAM_ID,
  author: { id: OWEN, name: 'Owen Hughes', isOrganiser: false },
  createdAt: '2027-03-01T10:00:00.000Z',
  likes: [],
  likedByMe: false,
  can: { delete: false },
  isPinned: false,
  pinnedAt: null,
  replies: [],
};
const threadBody = (items: CommentView[]): ThreadResponse => ({
  taskId: TASK_ID,
  teamId: TEAM_ID,
  teamName: 'Moorland Larder',
  items,
  members,
  can: { pin: true },
});
const work = (overrides: Partial<TeamWork> = {}): TeamWork => ({
  taskId: TASK_ID,
  teamId: TEAM_ID,
  assignedTo: [OWEN],
  members,
  acceptance: null,
  can: { assign: true, accept: false, upload: false },
  ...overrides,
});

function handlers(extra: Handlers = {}): Handlers {
  return {
    ...signedInHandlers('user'),
    [`GET ${base}/my-tasks`]: {
      body: {
        teamId: TEAM_ID,
        today: '2027-03-01',
        sections: [
          {
            groupId: 'unassigned',
            title: 'Unassigned',
            tasks: [
              task(),
              task({ id: DISCLAIMER_ID, title: 'Hygiene', type: 'disclaimer', disclaimer: 'We agree.' }),
            ],
          },
        ],
      },
    },
    [`GET ${base}/my-tasks/work`]: {
      body: {
        teamId: TEAM_ID,
        members,
        tasks: [{ taskId: TASK_ID, assignedTo: [OWEN], commentsCount: 1, uploadsCount: 0, acceptedAt: null }],
      },
    },
    [`GET ${thread()}/work`]: { body: work() },
    [`GET ${thread()}/comments`]: { body: threadBody([comment]) },
    ...extra,
  };
}

describe('the team side of a task', () => {
  it('offers a form task its form, not a tick, and says why when the form is not open', async () => {
    const FORM_ID = '99999999-9999-4999-8999-999999999999';
    const OPEN_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const CLOSED_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    const formTasks = [
      task({ id: OPEN_ID, title: 'Catering order', type: 'form', externalLink: '', formId: FORM_ID }),
      task({ id: CLOSED_ID, title: 'Hotel booking', type: 'form', externalLink: '', formId: null }),
    ];
    const { user, router } = renderApp(
      '/tasks',
      handlers({
        [`GET ${base}/my-tasks`]: {
          body: {
            teamId: TEAM_ID,
            today: '2027-03-01',
            sections: [{ groupId: 'unassigned', title: 'Unassigned', tasks: formTasks }],
          },
        },
        [`GET ${thread(CLOSED_ID)}/work`]: { body: work({ taskId: CLOSED_ID }) },
        [`GET ${thread(CLOSED_ID)}/comments`]: { body: threadBody([]) },
      }),
    );
    const section = await screen.findByRole('region', { name: 'Unassigned' }, { timeout: 8000 });
    expect(within(section).queryByRole('button', { name: /^Mark .* complete$/ })).toBeNull();
    expect(
      within(section).getByRole('link', { name: 'Fill in the form for Catering order' }),
    ).toHaveAttribute('href', `/forms/${FORM_ID}`);
    expect(within(section).queryByRole('link', { name: 'Fill in the form for Hotel booking' })).toBeNull();
    await user.click(within(section).getByRole('link', { name: 'Hotel booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tasks/${CLOSED_ID}`));
    const drawer = await screen.findByRole('dialog', { name: 'Hotel booking' });
    expect(within(drawer).getByText('The form is not open yet')).toBeInTheDocument();
  });

  it('shows assignees and comment counts in the list, and filters by type in the URL', async () => {
    const { user, router } = renderApp('/tasks', handlers());
    const section = await screen.findByRole('region', { name: 'Unassigned' }, { timeout: 8000 });
    expect(await within(section).findByText('Assigned to Owen Hughes')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: '1 comments' })).toBeInTheDocument();
    // A disclaimer is completed by accepting it, so the list offers no "Mark complete" for it.
    expect(within(section).queryByRole('button', { name: 'Mark Hygiene complete' })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Upload');
    await waitFor(() => expect(router.state.location.search).toBe('?type=upload'));
    expect(
      await screen.findByText('No tasks match these filters.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('posts a comment with a mention picked from the suggestions, and likes one', async () => {
    const { user, calls } = renderApp(
      `/tasks/${TASK_ID}`,
      handlers({
        [`POST ${thread()}/comments`]: { status: 201, body: { ...comment, id: TASK_ID, text: 'x' } },
        [`POST ${thread()}/comments/${COMMENT_ID}/like`]: {
          body: { id: COMMENT_ID, likes: [ACCOUNT_ID], likedByMe: true },
        },
      }),
    );
    const drawer = await screen.findByRole(
      'dialog',
      { name: 'Confirm your stand layout' },
      { timeout: 8000 },
    );
    expect(await within(drawer).findByText('Bring the floor plan')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open the external link' })).toHaveAttribute(
      'href',
      'https://example.com/plan',
    );
    const box = within(drawer).getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Thanks @Ow');
    const list = await screen.findByRole('listbox', { name: 'Team members to mention' });
    expect(within(list).getByRole('option', { name: 'Owen Hughes' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Thanks @Owen Hughes ');
    await user.click(within(drawer).getByRole('button', { name: 'Post comment' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/comments'))?.body).toEqual({
        text: 'Thanks @Owen Hughes ',
      }),
    );
    await user.click(
      within(drawer).getByRole('button', { name: 'Like the comment by Owen Hughes (0 likes)' }),
    );
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/like'))).toBe(true));
    // Owen's comment is not the viewer's: no delete button, but the owner may pin.
    expect(within(drawer).queryByRole('button', { name: 'Delete the comment by Owen Hughes' })).toBeNull();
    expect(
      within(drawer).getByRole('button', { name: 'Pin the comment by Owen Hughes' }),
    ).toBeInTheDocument();
  });

  it('accepts a disclaimer only once ticked', async () => {
    const { user, calls } = renderApp(
      `/tasks/${DISCLAIMER_ID}`,
      handlers({
        [`GET ${thread(DISCLAIMER_ID)}/work`]: {
          body: work({ taskId: DISCLAIMER_ID, can: { assign: true, accept: true, upload: false } }),
        },
        [`GET ${thread(DISCLAIMER_ID)}/comments`]: { body: { ...threadBody([]), taskId: DISCLAIMER_ID } },
        [`POST ${thread(DISCLAIMER_ID)}/disclaimer`]: {
          body: {
            acceptedBy: ACCOUNT_ID,
            acceptedByName: 'Ada Lovelace',
            acceptedAt: '2027-03-01T10:00:00.000Z',
          },
        },
      }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Hygiene' }, { timeout: 8000 });
    expect(await within(drawer).findByText('We agree.')).toBeInTheDocument();
    expect(within(drawer).getByText(/No comments yet/)).toBeInTheDocument();
    const accept = within(drawer).getByRole('button', { name: 'Accept disclaimer' });
    expect(accept).toBeDisabled();
    await user.click(within(drawer).getByRole('checkbox', { name: /I have read the disclaimer/ }));
    await user.click(accept);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/disclaimer'))?.body).toEqual({ accepted: true }),
    );
  });
});
