import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamTaskWorld } from '../modules/tasks/teamTaskTestKit';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoAudit } from './demoAudit';

describe('demo audit trail', () => {
  let t: TestApp;
  let eventId: string;
  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    const w = await teamTaskWorld(t, eventId);
    await w.newTask({ title: 'Send your menu' });
  });
  afterAll(() => t.close());

  it('gives /admin/audit three weeks of organisers’ edits and System Update entries, readable through the API', async () => {
    const written = await seedDemoAudit(t.ctx.db, eventId);
    expect(written).toBeGreaterThan(5);
    const admin = await makeUser(t, eventId, 'admin');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/audit`,
      headers: { cookie: await signIn(t, admin.email) },
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.total).toBeGreaterThanOrEqual(written);
    expect(body.entityTypes).toEqual(expect.arrayContaining(['settings', 'tasks', 'teams', 'emails']));
    const names = body.items.map((e: { actor: { name: string } }) => e.actor.name);
    expect(names).toContain('System Update');
    expect(names.some((n: string) => n !== 'System Update')).toBe(true);
    const task = body.items.find(
      (e: { entityType: string; action: string }) => e.entityType === 'tasks' && e.action === 'update',
    );
    expect(Object.values(task.changes)[0]).toEqual({ before: expect.anything(), after: expect.anything() });
  });
});
