import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  makeEvent,
  makeUser,
  nextAddress,
  signIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/harness';
import { filterLists } from './queries';
import { recordAudit, removeOldAuditEntries, systemEntry } from './service';
import { auditEntries } from './tables';

describe('the audit trail', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let admin: { id: string; email: string };
  let adminCookie: string;
  let moderatorCookie: string;
  let otherAdminCookie: string;

  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      remoteAddress: '203.0.113.7',
      ...(payload ? { payload } : {}),
    });
  const list = (query: string, cookie = adminCookie, event = eventId) =>
    as(cookie, 'GET', `/api/events/${event}/audit${query}`);

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Expo');
    admin = await makeUser(t, eventId, 'admin', { firstName: 'Ada', surname: 'Admin' });
    adminCookie = await signIn(t, admin.email);
    moderatorCookie = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    otherAdminCookie = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  it('records who, when, from where, which record and the fields before and after of a task edit', async () => {
    const created = await as(adminCookie, 'POST', `/api/events/${eventId}/tasks`, {
      title: 'Send logo',
      dueDate: '2027-04-01',
    });
    expect(created.statusCode).toBe(201);
    const taskId = created.json().id as string;
    const updated = await as(adminCookie, 'PUT', `/api/events/${eventId}/tasks/${taskId}`, {
      title: 'Send the logo',
      dueDate: '2027-04-02',
    });
    expect(updated.statusCode).toBe(200);
    const res = await list(`?entityType=tasks&entityId=${taskId}`);
    expect(res.statusCode).toBe(200);
    const [update, create] = res.json().items;
    expect(create).toMatchObject({ action: 'create', entityId: taskId, address: '203.0.113.7' });
    expect(create.actor).toMatchObject({ kind: 'account', accountId: admin.id, name: 'Ada Admin' });
    expect(update.action).toBe('update');
    expect(update.changes.title).toEqual({ before: 'Send logo', after: 'Send the logo' });
    expect(update.changes.dueDate).toEqual({ before: '2027-04-01', after: '2027-04-02' });
    expect(update.changes.updatedAt).toBeUndefined();
  });

  it('writes the entry inside the write’s own transaction: no entry, no write (decision 0040)', async () => {
    const created = await as(adminCookie, 'POST', `/api/events/${eventId}/tasks`, {
      title: 'Atomic',
      dueDate: '2027-04-01',
    });
    expect(created.statusCode).toBe(201);
    const taskId = created.json().id as string;
    const entriesOf = async () =>
      (await t.ctx.db.select().from(auditEntries).where(eq(auditEntries.entityId, taskId))).length;
    expect(await entriesOf()).toBe(1);
    // The trail's table cannot take the entry: the task edit must not commit without it.
    await t.ctx.db.execute(sql`alter table audit_entries rename to audit_entries_away`);
    try {
      const edit = await as(adminCookie, 'PUT', `/api/events/${eventId}/tasks/${taskId}`, {
        title: 'Lost',
        dueDate: '2027-04-01',
      });
      expect(edit.statusCode).toBe(500);
    } finally {
      await t.ctx.db.execute(sql`alter table audit_entries_away rename to audit_entries`);
    }
    const task = await as(adminCookie, 'GET', `/api/events/${eventId}/tasks/${taskId}`);
    expect(task.json().title).toBe('Atomic');
    expect(await entriesOf()).toBe(1);
    const edit = await as(adminCookie, 'PUT', `/api/events/${eventId}/tasks/${taskId}`, {
      title: 'Kept',
      dueDate: '2027-04-01',
    });
    expect(edit.statusCode).toBe(200);
    expect(await entriesOf()).toBe(2);
  });

  it('keeps the fields before and after of settings and team edits, not just the body sent', async () => {
    const renamed = await as(adminCookie, 'PUT', `/api/events/${eventId}/settings/event`, {
      eventName: 'Expo 2027 Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    const [settings] = (await list('?entityType=settings&entityId=event')).json().items;
    expect(settings.changes.eventName).toEqual({ before: 'Expo 2027', after: 'Expo 2027 Renamed' });
    expect(Object.keys(settings.changes)).toEqual(['eventName']);
    const team = await as(adminCookie, 'POST', `/api/events/${eventId}/teams`, {
      name: 'Quay Deli',
      owner: { firstName: 'Quinn', surname: 'Deli', email: 'quinn.audit@example.test' },
    });
    expect(team.statusCode).toBe(201);
    const teamId = team.json().id as string;
    const edit = await as(adminCookie, 'PATCH', `/api/events/${eventId}/teams/${teamId}`, {
      name: 'Quay Kitchen',
    });
    expect(edit.statusCode).toBeLessThan(300);
    const [teamEdit] = (await list(`?entityType=teams&entityId=${teamId}`)).json().items;
    expect(teamEdit.changes).toEqual({ name: { before: 'Quay Deli', after: 'Quay Kitchen' } });
  });

  it('never keeps a secret: passwords, tokens and webhook secrets are redacted', async () => {
    const cookie = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    const res = await as(cookie, 'POST', '/api/me/email-change', {
      newEmail: 'new.address@example.test',
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const token = await as(adminCookie, 'POST', `/api/events/${eventId}/api-tokens`, {
      name: 'CRM',
      scope: 'read',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { secret } = token.json();
    const everything = JSON.stringify(await t.ctx.db.select().from(auditEntries));
    expect(everything).not.toContain(TEST_PASSWORD);
    expect(everything).not.toContain(secret);
    expect(everything).toContain('[redacted]');
  });

  it('filters by entity type, person and date range, newest first, paged', async () => {
    for (let i = 0; i < 3; i++)
      await as(moderatorCookie, 'POST', `/api/events/${eventId}/task-groups`, { title: `Group ${i}` });
    const groups = (await list('?entityType=task-groups')).json();
    expect(groups.items.map((e: { changes: { title: { after: string } } }) => e.changes.title.after)).toEqual(
      ['Group 2', 'Group 1', 'Group 0'],
    );
    expect(groups.entityTypes).toEqual(expect.arrayContaining(['tasks', 'task-groups']));
    const byAdmin = (await list(`?accountId=${admin.id}`)).json();
    expect(byAdmin.items.length).toBeGreaterThan(0);
    expect(byAdmin.items.every((e: { actor: { accountId: string } }) => e.actor.accountId === admin.id)).toBe(
      true,
    );
    expect(byAdmin.people).toEqual(expect.arrayContaining([{ id: admin.id, name: 'Ada Admin' }]));
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).json().total).toBeGreaterThan(3);
    expect((await list('?from=2020-01-01&to=2020-01-02')).json().total).toBe(0);
    expect((await list('?page=2')).json().items).toEqual([]);
  });

  it('keeps the filter lists per event instead of reading them per page, and reads them again after a minute', async () => {
    const first = await filterLists(t.ctx.db, { eventId });
    // Another process's entry (written straight to the table): offered after the lists' minute.
    await t.ctx.db
      .insert(auditEntries)
      .values({ eventId, actorKind: 'account', entityType: 'elsewhere', action: 'update' });
    expect((await filterLists(t.ctx.db, { eventId })).entityTypes).toEqual(first.entityTypes);
    // This process's own entries are offered at once.
    await recordAudit(t.ctx.db, systemEntry({ eventId, entityType: 'reminders', action: 'send' }));
    expect((await filterLists(t.ctx.db, { eventId })).entityTypes).toContain('reminders');
    const later = await filterLists(t.ctx.db, { eventId }, Date.now() + 61_000);
    expect(later.entityTypes).toEqual(
      expect.arrayContaining(['elsewhere', 'reminders', ...first.entityTypes]),
    );
    expect((await list('')).json().entityTypes).toContain('elsewhere');
  });

  it('only admins read it; another event is 404; bad input is 400', async () => {
    expect((await list('', moderatorCookie)).statusCode).toBe(403);
    expect((await list('', otherAdminCookie)).statusCode).toBe(404);
    const others = (await list('', otherAdminCookie, otherEventId)).json();
    expect(JSON.stringify(others)).not.toContain(eventId);
    expect((await list('?from=yesterday')).statusCode).toBe(400);
    expect((await list('?accountId=nope')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/audit`,
      remoteAddress: nextAddress(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps entries for the retention setting, removes older ones by the job, and says so as System Update', async () => {
    expect((await as(adminCookie, 'GET', `/api/events/${eventId}/audit/settings`)).json()).toEqual({
      retentionDays: 365,
    });
    expect(
      (await as(moderatorCookie, 'PUT', `/api/events/${eventId}/audit/settings`, { retentionDays: 30 }))
        .statusCode,
    ).toBe(403);
    const bad = await as(adminCookie, 'PUT', `/api/events/${eventId}/audit/settings`, { retentionDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid audit settings');
    const saved = await as(adminCookie, 'PUT', `/api/events/${eventId}/audit/settings`, {
      retentionDays: 30,
    });
    expect(saved.json()).toEqual({ retentionDays: 30 });
    const [old] = await t.ctx.db
      .insert(auditEntries)
      .values({
        eventId,
        actorKind: 'account',
        entityType: 'tasks',
        action: 'update',
        at: new Date(Date.now() - 31 * 86_400_000),
      })
      .returning();
    const [kept] = await t.ctx.db
      .insert(auditEntries)
      .values({
        eventId,
        actorKind: 'account',
        entityType: 'tasks',
        action: 'update',
        at: new Date(Date.now() - 29 * 86_400_000),
      })
      .returning();
    const { removed } = await removeOldAuditEntries(t.ctx);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.select().from(auditEntries).where(eq(auditEntries.id, old.id))).toEqual([]);
    expect(await t.ctx.db.select().from(auditEntries).where(eq(auditEntries.id, kept.id))).toHaveLength(1);
    const sweep = (await list('?entityType=audit')).json().items[0];
    expect(sweep.actor).toMatchObject({ kind: 'system', name: 'System Update', accountId: null });
    expect(sweep.action).toBe('retention');
  });
});
