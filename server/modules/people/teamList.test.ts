import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { memberships } from './tables';
import { teamApi } from './teamTestKit';

type Row = { name: string; membersCount: number; teamTypeName: string | null; standShareRole: string };

describe('GET /api/events/:eventId/teams', () => {
  let t: TestApp;
  let eventId: string;
  let api: ReturnType<typeof teamApi>;
  let admin: string;
  let exhibitor: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    api = teamApi(t, eventId);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    exhibitor = (await api.call('POST', admin, '/team-types', { name: 'Exhibitor' })).json().id;
    const sponsor = (await api.call('POST', admin, '/team-types', { name: 'Sponsor' })).json().id;
    const bakery = await api.createTeam(admin, 'Bakery', { teamTypeId: exhibitor });
    await api.createTeam(admin, 'Anchor Brewing', { teamTypeId: sponsor });
    await api.createTeam(admin, 'Cheese Hut', { teamTypeId: exhibitor });
    await api.memberCookie(admin, bakery.id);
    await api.memberCookie(admin, bakery.id);
    await api.call('POST', admin, `/teams/${bakery.id}/stand-shares`, {
      name: 'Bakery Corner',
      owner: { firstName: 'Dot', surname: 'Corner', email: 'dot.corner@example.test' },
    });
    // Someone in the bakery has signed in; nobody else has.
    await t.ctx.db
      .update(memberships)
      .set({ hasLoggedIn: true, lastLoginInTime: new Date('2027-05-01T10:00:00Z') })
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, bakery.ownerId)));
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const res = await api.call('GET', admin, `/teams${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json() as { items: (Row & { lastLoginInTime: string | null })[]; total: number };
  };

  it('sorts by name, with owner, type, members count and stand share role', async () => {
    const body = await list();
    expect(body.total).toBe(4);
    expect(body.items.map((r) => r.name)).toEqual([
      'Anchor Brewing',
      'Bakery',
      'Bakery Corner',
      'Cheese Hut',
    ]);
    expect(body.items[1]).toMatchObject({
      name: 'Bakery',
      ownerName: 'Bakery Owner Person',
      teamTypeName: 'Exhibitor',
      membersCount: 3,
      standShareRole: 'parent',
      lastLoginInTime: '2027-05-01T10:00:00.000Z',
    });
    // A stand share takes its parent's type when none is given.
    expect(body.items[2]).toMatchObject({
      standShareRole: 'child',
      teamTypeName: 'Exhibitor',
      membersCount: 1,
    });
  });

  it('sorts by members count descending and by team type', async () => {
    expect((await list('?sort=membersCount&order=desc')).items[0].name).toBe('Bakery');
    expect((await list('?sort=teamTypeName')).items.map((r) => r.teamTypeName)).toEqual([
      'Exhibitor',
      'Exhibitor',
      'Exhibitor',
      'Sponsor',
    ]);
  });

  it('filters by team type, not logged in and stand share, and searches names and owners', async () => {
    expect((await list(`?teamTypeId=${exhibitor}`)).total).toBe(3);
    expect((await list('?notLoggedIn=true')).items.map((r) => r.name)).toEqual([
      'Anchor Brewing',
      'Bakery Corner',
      'Cheese Hut',
    ]);
    expect((await list('?standShare=child')).items.map((r) => r.name)).toEqual(['Bakery Corner']);
    expect((await list('?search=cheese')).items.map((r) => r.name)).toEqual(['Cheese Hut']);
    expect((await list('?search=dot.corner')).items.map((r) => r.name)).toEqual(['Bakery Corner']);
    expect((await list('?search=100%25')).total).toBe(0);
  });

  it('refuses bad queries with a 400 in the error shape', async () => {
    for (const q of ['?page=0', '?sort=ownerEmail', '?teamTypeId=x', '?standShare=maybe', '?other=1']) {
      const res = await api.call('GET', admin, `/teams${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });
});
