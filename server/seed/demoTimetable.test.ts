import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoTeams } from './demoTeams';
import { seedDemoTimetable } from './demoTimetable';

describe('demo time table', () => {
  let t: TestApp;
  let eventId: string;
  let moderator: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    await t.ctx.db.transaction((tx) => seedDemoTeams(tx, eventId, 'demo.example'));
    expect(await seedDemoTimetable(t.ctx, eventId)).toBe(20);
  });
  afterAll(() => t.close());

  const get = (path: string, cookie = moderator) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}${path}`, headers: { cookie } });

  it('lays out build-up, show and breakdown days around the event dates, in five tracks', async () => {
    const list = (await get('/time-table/sessions')).json();
    // The test event runs 10-12 May 2027: two build-up days before, one breakdown day after.
    expect(list.days).toEqual([
      '2027-05-08',
      '2027-05-09',
      '2027-05-10',
      '2027-05-11',
      '2027-05-12',
      '2027-05-13',
    ]);
    expect(list.total).toBe(20);
    const tracks = (await get('/time-table/tracks')).json();
    expect(tracks.items.map((t: { name: string }) => t.name)).toEqual([
      'Breakdown',
      'Briefings',
      'Build-up',
      'Deliveries',
      'Show',
    ]);
  });

  it('shows one session to caterers only, and publishes the time table for teams', async () => {
    const restricted = (await get('/time-table/sessions?search=food%20safety')).json().items;
    expect(restricted).toHaveLength(1);
    expect(restricted[0].teamTypeIds).toHaveLength(1);
    const user = await signIn(t, (await makeUser(t, eventId, 'user')).email);
    const mine = (await get('/my-time-table', user)).json();
    // A member without a team sees every unrestricted session, not the caterers' one.
    expect(mine.sessions).toHaveLength(19);
    expect(mine.sessions.map((s: { title: string }) => s.title)).not.toContain('Food safety walk-round');
  });
});
