import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoContent } from './demoContent';
import { seedDemoNotifications } from './demoNotifications';
import { seedDemoTasks } from './demoTasks';
import { seedDemoTeams } from './demoTeams';

describe('demo notifications', () => {
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
    await seedDemoContent(t.ctx, eventId);
    expect(await seedDemoNotifications(t.ctx.db, eventId)).toBe(5);
  });
  afterAll(() => t.close());

  const get = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}${path}`, headers: { cookie: admin } });

  it('has published, scheduled and draft notifications aimed at different team types, with targets', async () => {
    const list = (await get('/notifications')).json() as {
      items: { title: string; status: string; audience: string; targetKind: string; teamTypeIds: string[] }[];
    };
    const byTitle = new Map(list.items.map((n) => [n.title, n]));
    expect(byTitle.get('Build-up starts at 7:00')).toMatchObject({
      status: 'pushed',
      audience: 'teamTypes',
      targetKind: 'content',
    });
    expect(byTitle.get('Catering order closes Friday')).toMatchObject({
      status: 'pushed',
      audience: 'teamTypes',
      targetKind: 'task',
    });
    expect(byTitle.get('Catering order closes Friday')?.teamTypeIds).toHaveLength(1);
    expect(byTitle.get('Doors open to visitors at 10:00')?.status).toBe('scheduled');
    expect(byTitle.get('Evening networking drinks')?.status).toBe('draft');
    // Admins read every published one, newest first; nobody reads the scheduled one or the draft yet.
    const mine = (await get('/my-notifications')).json() as {
      items: { title: string }[];
      unreadCount: number;
    };
    expect(mine.items.map((n) => n.title)).toEqual([
      'Catering order closes Friday',
      'Build-up starts at 7:00',
      'Show guide deadline extended',
    ]);
    expect(mine.unreadCount).toBe(3);
  });
});
