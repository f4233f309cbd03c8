import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORTCUT_ERRORS } from '../../../shared/shortcuts/api';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { teamApi } from '../people/teamTestKit';

describe('GET /shortcut-counts/:area (manage-area shortcuts with counts)', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};

  /** Creates one item and answers its id, failing loudly when the API refuses it. */
  async function made(path: string, body: object) {
    const res = await api.call('POST', cookies.admin, path, body);
    if (res.statusCode !== 201) throw new Error(`${path} ${res.statusCode} ${res.body}`);
    return (res.json() as { id: string }).id;
  }
  async function archive(path: string) {
    const res = await api.call('POST', cookies.admin, `${path}/archive`, {});
    expect(res.statusCode).toBe(200);
  }
  const counts = async (area: string, cookie = cookies.admin) =>
    (await api.call('GET', cookie, `/shortcut-counts/${area}`)).json().counts;

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

  it('starts at zero in every area, so every archived shortcut starts disabled', async () => {
    expect(await counts('content')).toEqual({ content: 0, archivedContent: 0 });
    expect(await counts('tasks')).toEqual({
      tasks: 0,
      archivedTasks: 0,
      taskGroups: 0,
      archivedTaskGroups: 0,
    });
    expect(await counts('suppliers')).toEqual({
      suppliers: 0,
      archivedSuppliers: 0,
      supplierGroups: 0,
      archivedSupplierGroups: 0,
    });
  });

  it('counts listed and archived items of the event apart, per area', async () => {
    await made('/content', { title: 'Venue' });
    await archive(`/content/${await made('/content', { title: 'Old venue' })}`);
    await made('/tasks', { title: 'Stand plan', dueDate: '2027-03-01' });
    await archive(`/tasks/${await made('/tasks', { title: 'Old plan', dueDate: '2027-03-01' })}`);
    await made('/task-groups', { title: 'Build-up' });
    await made('/task-groups', { title: 'Breakdown' });
    await made('/suppliers', { company: 'Acme Stands' });
    await archive(`/supplier-groups/${await made('/supplier-groups', { title: 'Catering' })}`);

    expect(await counts('content', cookies.moderator)).toEqual({ content: 1, archivedContent: 1 });
    expect(await counts('tasks', cookies.moderator)).toEqual({
      tasks: 1,
      archivedTasks: 1,
      taskGroups: 2,
      archivedTaskGroups: 0,
    });
    expect(await counts('suppliers', cookies.moderator)).toEqual({
      suppliers: 1,
      archivedSuppliers: 0,
      supplierGroups: 0,
      archivedSupplierGroups: 1,
    });
  });

  it("never counts another event's items, and another event's admin cannot read these counts", async () => {
    const other = teamApi(t, otherEventId);
    expect((await other.call('GET', cookies.otherAdmin, '/shortcut-counts/content')).json().counts).toEqual({
      content: 0,
      archivedContent: 0,
    });
    const res = await api.call('GET', cookies.otherAdmin, '/shortcut-counts/content');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Event ID not found');
  });

  it('refuses users and report viewers (403) and anonymous callers (401)', async () => {
    for (const level of ['user', 'reportViewer'] as const) {
      for (const area of ['content', 'tasks', 'suppliers']) {
        expect((await api.call('GET', cookies[level], `/shortcut-counts/${area}`)).statusCode).toBe(403);
      }
    }
    expect((await api.call('GET', '', '/shortcut-counts/content')).statusCode).toBe(401);
  });

  it("answers an unknown area with 400 in the contract's words", async () => {
    for (const area of ['forms', 'CONTENT', 'archivedContent']) {
      const res = await api.call('GET', cookies.admin, `/shortcut-counts/${area}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(SHORTCUT_ERRORS.invalidArea);
    }
  });
});
