import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDateIn } from '../../../../shared/tasks/dueStatus';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { teamApi } from '../../people/teamTestKit';

describe('the order of a group’s tasks, and the admin list by due status', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};
  let groupId: string;
  const ids: Record<string, string> = {};
  const today = calendarDateIn(new Date(), 'Europe/London');

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    groupId = (await api.call('POST', cookies.moderator, '/task-groups', { title: 'Stand' })).json().id;
    for (const [title, days] of [
      ['Power', -2],
      ['Menu', 3],
      ['Badges', 90],
    ] as const) {
      const res = await api.call('POST', cookies.moderator, '/tasks', {
        title,
        dueDate: addCalendarDays(today, days),
        groupId,
      });
      ids[title] = res.json().id;
    }
    ids.Loose = (
      await api.call('POST', cookies.moderator, '/tasks', {
        title: 'Loose',
        dueDate: addCalendarDays(today, 1),
      })
    ).json().id;
  });
  afterAll(() => t.close());

  const order = async () =>
    (
      (await api.call('GET', cookies.moderator, `/task-groups/${groupId}/tasks`)).json().items as {
        title: string;
      }[]
    ).map((task) => task.title);

  it('lists a group’s tasks in the order they were added, and puts them in a new order', async () => {
    expect(await order()).toEqual(['Power', 'Menu', 'Badges']);
    const res = await api.call('PUT', cookies.moderator, `/task-groups/${groupId}/order`, {
      taskIds: [ids.Badges, ids.Power, ids.Menu],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await order()).toEqual(['Badges', 'Power', 'Menu']);
  });

  it('refuses an order that is not exactly the group’s tasks, and stores nothing', async () => {
    for (const taskIds of [
      [ids.Badges, ids.Power],
      [ids.Badges, ids.Power, ids.Menu, ids.Loose],
      [ids.Badges, ids.Badges, ids.Power],
      ['not-a-uuid'],
    ]) {
      const res = await api.call('PUT', cookies.moderator, `/task-groups/${groupId}/order`, { taskIds });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid group');
    }
    expect(await order()).toEqual(['Badges', 'Power', 'Menu']);
  });

  it('refuses users, report viewers and another event', async () => {
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await api.call('GET', cookies[level], `/task-groups/${groupId}/tasks`)).statusCode).toBe(403);
      expect(
        (await api.call('PUT', cookies[level], `/task-groups/${groupId}/order`, { taskIds: [] })).statusCode,
      ).toBe(403);
    }
    const other = teamApi(t, otherEventId);
    expect((await other.call('GET', cookies.otherAdmin, `/task-groups/${groupId}/tasks`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await other.call('PUT', cookies.otherAdmin, `/task-groups/${groupId}/order`, {
          taskIds: [ids.Badges, ids.Power, ids.Menu],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('filters the admin list by the tasks’ due status', async () => {
    const titles = async (status: string) =>
      (
        (await api.call('GET', cookies.moderator, `/tasks?status=${status}`)).json().items as {
          title: string;
        }[]
      ).map((task) => task.title);
    expect(await titles('overdue')).toEqual(['Power']);
    expect(await titles('dueSoon')).toEqual(['Loose', 'Menu']);
    expect(await titles('incomplete')).toEqual(['Badges']);
    expect((await api.call('GET', cookies.moderator, '/tasks?status=complete')).statusCode).toBe(400);
  });
});
