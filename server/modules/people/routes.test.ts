import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';

describe('GET /api/events/:eventId/users', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      const u = await makeUser(t, eventId, level, {
        firstName: `${level[0].toUpperCase()}${level.slice(1)}`,
      });
      cookies[level] = await signIn(t, u.email);
    }
    await makeUser(t, otherEventId, 'admin', { firstName: 'Stranger' });
  });
  afterAll(() => t.close());

  const list = (cookie: string, query = '', event = eventId) =>
    t.app.inject({ method: 'GET', url: `/api/events/${event}/users${query}`, headers: { cookie } });

  it('lists the event users sorted by first name for a moderator and an admin', async () => {
    for (const level of ['moderator', 'admin']) {
      const res = await list(cookies[level]);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(4);
      expect(body.items.map((u: { firstName: string }) => u.firstName)).toEqual([
        'Admin',
        'Moderator',
        'ReportViewer',
        'User',
      ]);
      expect(body.items.some((u: { firstName: string }) => u.firstName === 'Stranger')).toBe(false);
    }
  });

  it('refuses users and report viewers with 403', async () => {
    expect((await list(cookies.user)).statusCode).toBe(403);
    expect((await list(cookies.reportViewer)).statusCode).toBe(403);
  });

  it("answers 404 for another event's id and 401 without a session", async () => {
    const res = await list(cookies.admin, '', otherEventId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not-found');
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/users` })).statusCode).toBe(401);
  });

  it('filters by permission and by not logged in, sorts descending', async () => {
    const admins = (await list(cookies.admin, '?permissions=admin')).json();
    expect(admins.items.map((u: { permissions: string }) => u.permissions)).toEqual(['admin']);
    await makeUser(t, eventId, 'user', { firstName: 'Zed' });
    const never = (await list(cookies.admin, '?notLoggedIn=true')).json();
    expect(never.items.map((u: { firstName: string }) => u.firstName)).toEqual(['Zed']);
    const desc = (await list(cookies.admin, '?sort=firstName&order=desc')).json();
    expect(desc.items[0].firstName).toBe('Zed');
  });

  it("shows each user's team and role, and filters by team", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/teams`,
      headers: { cookie: cookies.admin },
      payload: {
        name: 'Quay Deli',
        owner: { firstName: 'Quinn', surname: 'Deli', email: 'quinn@example.test' },
      },
    });
    const teamId = created.json().id;
    const all = (await list(cookies.admin, '?search=quinn')).json();
    expect(all.items).toEqual([
      expect.objectContaining({ teamId, teamName: 'Quay Deli', teamRole: 'teamOwner' }),
    ]);
    const inTeam = (await list(cookies.admin, `?teamId=${teamId}`)).json();
    expect(inTeam.items.map((u: { firstName: string }) => u.firstName)).toEqual(['Quinn']);
    expect((await list(cookies.admin, '?search=Moderator')).json().items[0]).toMatchObject({
      teamId: null,
      teamName: null,
    });
  });

  it('refuses bad input with a 400 in the error shape', async () => {
    for (const q of ['?page=0', '?sort=password', '?permissions=owner', '?teamId=nope', '?unknown=1']) {
      const res = await list(cookies.admin, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/events/not-a-uuid/users',
          headers: { cookie: cookies.admin },
        })
      ).statusCode,
    ).toBe(400);
  });
});
