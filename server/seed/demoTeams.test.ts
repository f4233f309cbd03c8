import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../modules/people/tables';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../test/harness';
import { seedDemoTeams } from './demoTeams';

describe('demo teams', () => {
  let t: TestApp;
  let eventId: string;
  let admin: string;
  let user: { email: string };

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    user = await makeUser(t, eventId, 'user', { firstName: 'Tom' });
    await t.ctx.db.transaction((tx) => seedDemoTeams(tx, eventId, 'demo.example'));
  });
  afterAll(() => t.close());

  const get = (cookie: string, path: string) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}${path}`, headers: { cookie } });

  it('adds about forty teams of several types, with stand shares and teams nobody signed in to', async () => {
    const all = (await get(admin, '/teams')).json();
    expect(all.total).toBe(40);
    const types = (await get(admin, '/team-types')).json().items;
    expect(types.length).toBeGreaterThanOrEqual(4);
    expect((await get(admin, '/teams?standShare=child')).json().total).toBe(7);
    expect((await get(admin, '/teams?standShare=parent')).json().total).toBe(6);
    expect((await get(admin, '/teams?notLoggedIn=true')).json().total).toBeGreaterThanOrEqual(8);
    const child = await t.ctx.db
      .select()
      .from(teams)
      .where(and(eq(teams.eventId, eventId), eq(teams.name, 'Crumb & Co Biscuits')));
    const detail = (await get(admin, `/teams/${child[0].id}`)).json();
    expect(detail.parentTeam.name).toBe('Harbour Bakery');
    expect(detail.fields.map((f: { label: string }) => f.label)).toEqual([
      'Stand number',
      'Needs power',
      'Van access',
    ]);
  });

  it("gives the demo's user a team of their own to open on My team", async () => {
    const mine = (await get(await signIn(t, user.email), '/my-team')).json();
    expect(mine).toMatchObject({ teamRole: 'teamOwner', team: { name: 'Harbour Bakery' } });
  });
});
