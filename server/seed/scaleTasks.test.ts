import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/harness';
import { type ScaleSeedResult, seedScale } from './scale';

describe('scale seed with tasks', () => {
  let t: TestApp;
  let seeded: ScaleSeedResult;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    seeded = await seedScale(t.ctx.db, { teams: 20, tasks: 45, appUrl: 'https://portal.example.test' });
    admin = await signIn(t, seeded.adminEmail, seeded.password);
  });
  afterAll(() => t.close());

  const get = async (path: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${seeded.eventId}${path}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, path).toBe(200);
    return res.json();
  };

  it('makes the tasks in groups of 30 with a status for every team and task', async () => {
    expect(seeded).toMatchObject({ tasks: 45, taskStatuses: 20 * 45 });
    expect(seeded.summary).toContain('45 tasks, 900 task statuses');
    const groups = (await get('/task-groups')).items as { tasksCount: number }[];
    expect(groups.map((g) => g.tasksCount).sort()).toEqual([15, 30]);
    expect((await get('/tasks')).total).toBe(45);
  });

  it('spreads due dates and statuses so that every filter finds something', async () => {
    for (const status of ['overdue', 'dueSoon', 'incomplete']) {
      expect((await get(`/tasks?status=${status}`)).total, status).toBeGreaterThan(0);
    }
    const summary = await get('/tasks/due-summary');
    expect(summary.overdue).toBeGreaterThan(0);
    expect(summary.dueSoon).toBeGreaterThan(0);
    const task = (await get('/tasks')).items[0] as { id: string };
    const teams = await get(`/tasks/${task.id}/teams`);
    expect(teams.total).toBeGreaterThan(10);
    expect((await get(`/tasks/${task.id}/teams?status=complete`)).total).toBeGreaterThan(0);
  });
});
