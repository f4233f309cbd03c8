import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_TYPES } from '../../shared/tasks/schema';
import { taskStatuses } from '../modules/tasks/tables';
import { taskComments } from '../modules/tasks/threads/tables';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoTasks } from './demoTasks';
import { seedDemoTeams } from './demoTeams';

describe('demo tasks', () => {
  let t: TestApp;
  let eventId: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    await t.ctx.db.transaction(async (tx) => {
      await seedDemoTeams(tx, eventId, 'demo.example');
      await seedDemoTasks(tx, eventId);
    });
  });
  afterAll(() => t.close());

  const get = async (path: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/events/${eventId}${path}`, headers: { cookie: admin } })
    ).json();

  it('makes 6 groups and 40 tasks of every type a task can have without a form, due around today', async () => {
    const groups = (await get('/task-groups')).items as { tasksCount: number }[];
    expect(groups).toHaveLength(6);
    expect(groups.reduce((n, g) => n + g.tasksCount, 0)).toBe(40);
    const types = new Set<string>();
    for (const task of (await get('/tasks')).items) types.add(task.type);
    expect([...types].sort()).toEqual(TASK_TYPES.filter((type) => type !== 'form').sort());
    for (const status of ['overdue', 'dueSoon', 'incomplete']) {
      expect((await get(`/tasks?status=${status}`)).total, status).toBeGreaterThan(3);
    }
  });

  it('gives teams statuses of every kind, with approvals pending, approved and rejected', async () => {
    const rows = await t.ctx.db.select().from(taskStatuses).where(eq(taskStatuses.eventId, eventId));
    expect(new Set(rows.map((r) => r.progressStatus))).toEqual(new Set(['complete', 'n/a', 'incomplete']));
    expect(new Set(rows.map((r) => r.approvalStatus))).toEqual(
      new Set(['none', 'pending', 'approved', 'rejected']),
    );
    const summary = await get('/tasks/due-summary');
    expect(summary.overdue).toBeGreaterThan(0);
    expect(summary.dueSoon).toBeGreaterThan(0);
  });

  it('adds the team side’s comments on tasks every team sees', async () => {
    const comments = await t.ctx.db.select().from(taskComments).where(eq(taskComments.eventId, eventId));
    expect(comments.length).toBeGreaterThan(10);
  });
});
