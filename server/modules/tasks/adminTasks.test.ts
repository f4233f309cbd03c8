import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { teamApi } from '../people/teamTestKit';
import { tasks } from './tables';

describe('tasks and task groups (admin)', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  const newTask = async (body: object) => {
    const res = await api.call('POST', cookies.moderator, '/tasks', body);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; groupId: string | null };
  };

  it('lets moderators and admins manage tasks and refuses users and report viewers', async () => {
    for (const level of ['user', 'reportViewer'] as const) {
      expect((await api.call('GET', cookies[level], '/tasks')).statusCode).toBe(403);
      expect(
        (await api.call('POST', cookies[level], '/tasks', { title: 'X', dueDate: '2027-01-01' })).statusCode,
      ).toBe(403);
      expect((await api.call('GET', cookies[level], '/task-groups')).statusCode).toBe(403);
    }
    const res = await api.call('POST', cookies.admin, '/tasks', {
      title: '  Send logo ',
      dueDate: '2027-03-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Send logo', type: 'task', groupId: null, isArchived: false });
    expect((await api.call('GET', cookies.moderator, `/tasks/${res.json().id}`)).json().title).toBe(
      'Send logo',
    );
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = (await t.ctx.db.select().from(tasks).where(eq(tasks.eventId, eventId))).length;
    for (const body of [
      { title: '', dueDate: '2027-01-01' },
      { title: 'Bad date', dueDate: '2027-02-30' },
      { title: 'Bad link', dueDate: '2027-01-01', externalLink: 'ftp://x' },
      { title: 'Form', dueDate: '2027-01-01', type: 'form' },
      { title: 'Extra', dueDate: '2027-01-01', surprise: true },
      { title: 'Foreign type', dueDate: '2027-01-01', teamTypeIds: ['00000000-0000-4000-8000-000000000000'] },
    ]) {
      const res = await api.call('POST', cookies.admin, '/tasks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe('Invalid task values');
    }
    expect((await api.call('POST', cookies.admin, '/task-groups', { title: ' ' })).json().error.message).toBe(
      'Invalid group',
    );
    expect((await t.ctx.db.select().from(tasks).where(eq(tasks.eventId, eventId))).length).toBe(before);
  });

  it("answers 404 for another event's tasks and groups, and refuses linking another event's group", async () => {
    const task = await newTask({ title: 'Mine', dueDate: '2027-04-01' });
    const group = (await api.call('POST', cookies.admin, '/task-groups', { title: 'Mine' })).json();
    const other = teamApi(t, otherEventId);
    expect((await other.call('GET', cookies.otherAdmin, `/tasks/${task.id}`)).statusCode).toBe(404);
    expect(
      (
        await other.call('PUT', cookies.otherAdmin, `/tasks/${task.id}`, {
          title: 'X',
          dueDate: '2027-01-01',
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.call('DELETE', cookies.otherAdmin, `/tasks/${task.id}`)).statusCode).toBe(404);
    expect(
      (await other.call('POST', cookies.otherAdmin, `/task-groups/${group.id}/archive`)).statusCode,
    ).toBe(404);
    const linked = await other.call('POST', cookies.otherAdmin, '/tasks', {
      title: 'Sneaky',
      dueDate: '2027-01-01',
      groupId: group.id,
    });
    expect(linked.statusCode).toBe(404);
    // An admin of this event calling with the other event's id is not a member there.
    expect(
      (await api.call('GET', cookies.admin, `/tasks/${task.id}`, undefined, otherEventId)).statusCode,
    ).toBe(404);
  });

  it('lists by due date, filters by type, group and archived, searches and pages', async () => {
    const listEvent = await makeEvent(t, 'List Show');
    const cookie = await signIn(t, (await makeUser(t, listEvent, 'moderator')).email);
    const list = teamApi(t, listEvent);
    const group = (await list.call('POST', cookie, '/task-groups', { title: 'Stand' })).json();
    const make = (title: string, dueDate: string, extra: object = {}) =>
      list.call('POST', cookie, '/tasks', { title, dueDate, ...extra });
    await make('Late', '2027-06-01');
    await make('Early upload', '2027-01-05', { type: 'upload', groupId: group.id });
    await make('Middle', '2027-03-10', { groupId: group.id, isTimeSensitive: true });
    const archived = (await make('Old', '2026-01-01')).json();
    await list.call('POST', cookie, `/tasks/${archived.id}/archive`);

    const titles = async (query: string) =>
      ((await list.call('GET', cookie, `/tasks${query}`)).json().items as { title: string }[]).map(
        (i) => i.title,
      );
    expect(await titles('')).toEqual(['Early upload', 'Middle', 'Late']);
    expect(await titles('?order=desc')).toEqual(['Late', 'Middle', 'Early upload']);
    expect(await titles('?type=upload')).toEqual(['Early upload']);
    expect(await titles(`?groupId=${group.id}`)).toEqual(['Early upload', 'Middle']);
    expect(await titles('?groupId=unassigned')).toEqual(['Late']);
    expect(await titles('?search=midd')).toEqual(['Middle']);
    // Spec filter "urgency": the time-sensitive tasks, or the others.
    expect(await titles('?urgency=timeSensitive')).toEqual(['Middle']);
    expect(await titles('?urgency=notTimeSensitive')).toEqual(['Early upload', 'Late']);
    expect((await list.call('GET', cookie, '/tasks?urgency=urgent')).statusCode).toBe(400);
    // Spec filter "task id": that one task; an id of another event's task or of none finds nothing.
    const middle = (await list.call('GET', cookie, '/tasks?search=midd')).json().items[0].id;
    expect(await titles(`?taskId=${middle}`)).toEqual(['Middle']);
    expect(await titles(`?taskId=${middle}&type=upload`)).toEqual([]);
    expect(await titles(`?taskId=${archived.id}&archived=true`)).toEqual(['Old']);
    const elsewhere = await newTask({ title: 'Middle', dueDate: '2027-03-10' });
    expect(await titles(`?taskId=${elsewhere.id}`)).toEqual([]);
    const badId = await list.call('GET', cookie, '/tasks?taskId=12345');
    expect([badId.statusCode, badId.json().error.message]).toEqual([400, 'Invalid task values']);
    for (const level of ['user', 'reportViewer'] as const) {
      const refused = await api.call('GET', cookies[level], `/tasks?taskId=${middle}`);
      expect(refused.statusCode, level).toBe(403);
    }
    expect(await titles('?archived=true')).toEqual(['Old']);
    const res = await list.call('GET', cookie, '/tasks?page=2');
    expect(res.json()).toMatchObject({ items: [], total: 3, page: 2 });
    expect((await list.call('GET', cookie, '/tasks?sort=nope')).statusCode).toBe(400);

    await list.call('POST', cookie, `/tasks/${archived.id}/unarchive`);
    expect(await titles('?search=old')).toEqual(['Old']);
  });

  it('archiving a group empties it; unarchiving only clears the flag; deleting keeps the tasks', async () => {
    const group = (await api.call('POST', cookies.moderator, '/task-groups', { title: 'Catering' })).json();
    const task = await newTask({ title: 'Menu', dueDate: '2027-02-01', groupId: group.id });
    expect((await api.call('GET', cookies.moderator, `/task-groups/${group.id}`)).json().tasksCount).toBe(1);

    const archived = await api.call('POST', cookies.moderator, `/task-groups/${group.id}/archive`);
    expect(archived.json()).toMatchObject({ isArchived: true, tasksCount: 0 });
    expect((await api.call('GET', cookies.moderator, `/tasks/${task.id}`)).json().groupId).toBeNull();
    const archivedList = (await api.call('GET', cookies.moderator, '/task-groups?archived=true')).json();
    expect(archivedList.items.map((g: { id: string }) => g.id)).toContain(group.id);

    const restored = await api.call('POST', cookies.moderator, `/task-groups/${group.id}/unarchive`);
    expect(restored.json()).toMatchObject({ isArchived: false, tasksCount: 0 });

    await api.call('PUT', cookies.moderator, `/tasks/${task.id}`, {
      title: 'Menu',
      dueDate: '2027-02-01',
      groupId: group.id,
    });
    const renamed = await api.call('PUT', cookies.moderator, `/task-groups/${group.id}`, { title: 'Food' });
    expect(renamed.json()).toMatchObject({ title: 'Food', tasksCount: 1 });
    expect((await api.call('DELETE', cookies.moderator, `/task-groups/${group.id}`)).statusCode).toBe(204);
    expect((await api.call('GET', cookies.moderator, `/tasks/${task.id}`)).json().groupId).toBeNull();
    expect((await api.call('DELETE', cookies.moderator, `/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await api.call('GET', cookies.moderator, `/tasks/${task.id}`)).statusCode).toBe(404);
  });
});
