import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_AREAS } from '../../../shared/people/memberAreas';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { memberships } from './tables';
import { teamApi } from './teamTestKit';

/** Decision 0034: the areas a team owner (or an organiser) opens for each team member. */
describe('team members areas', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let api: ReturnType<typeof teamApi>;
  const cookies: Record<string, string> = {};
  let team: { id: string; ownerId: string; cookie: string };
  let member: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    api = teamApi(t, eventId);
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    team = await api.ownedTeam(cookies.admin, 'Areas Ltd');
    const user = await makeUser(t, eventId, 'user');
    const added = await api.call('POST', cookies.admin, `/teams/${team.id}/members`, {
      firstName: 'Member',
      surname: 'Of Team',
      email: user.email,
    });
    expect(added.statusCode).toBe(201);
    member = { id: user.id, cookie: await signIn(t, user.email) };
  });
  afterAll(() => t.close());

  const setAreas = (cookie: string, areas: unknown, userId = member.id, event = eventId) =>
    api.call('PUT', cookie, `/teams/${team.id}/members/${userId}/areas`, { areas }, event);
  const stored = async () =>
    (
      await t.ctx.db
        .select({ memberAreas: memberships.memberAreas })
        .from(memberships)
        .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, member.id)))
    )[0].memberAreas;
  const get = (cookie: string, path: string) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}${path}`, headers: { cookie } });

  it('opens every area by default, in the shell and on the team screen', async () => {
    expect(await stored()).toBeNull();
    expect((await get(member.cookie, '/shell')).json().membership.areas).toEqual([...MEMBER_AREAS]);
    const detail = (await get(cookies.admin, `/teams/${team.id}`)).json();
    expect(detail.members.find((m: { id: string }) => m.id === member.id).areas).toEqual([...MEMBER_AREAS]);
    expect((await get(member.cookie, '/supplier-directory')).statusCode).toBe(200);
  });

  it('the team owner closes suppliers: the member gets 403 there, keeps the rest', async () => {
    const res = await setAreas(team.cookie, [
      'tasks',
      'content',
      'downloads',
      'team',
      'notifications',
      'myAccount',
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().areas).toEqual(['content', 'downloads', 'myAccount', 'tasks', 'team', 'notifications']);
    expect((await get(member.cookie, '/shell')).json().membership.areas).not.toContain('suppliers');
    const closed = await get(member.cookie, '/supplier-directory');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.message).toBe('You do not have access to this area');
    expect((await get(member.cookie, '/my-content')).statusCode).toBe(200);
    expect((await get(member.cookie, '/my-tasks')).statusCode).toBe(200);
    // The owner and organisers are never closed out.
    expect((await get(team.cookie, '/supplier-directory')).statusCode).toBe(200);
  });

  it('every area answers 403 on its routes once closed, the account routes too', async () => {
    expect((await setAreas(cookies.moderator, [])).statusCode).toBe(200);
    for (const path of [
      '/my-content',
      '/my-downloads',
      '/supplier-directory',
      '/my-tasks',
      '/my-team',
      '/my-notifications',
    ]) {
      expect((await get(member.cookie, path)).statusCode, path).toBe(403);
    }
    const me = (method: 'PATCH' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: member.cookie }, payload });
    expect((await me('PATCH', '/api/me', { firstName: 'A', surname: 'B' })).statusCode).toBe(403);
    expect((await me('POST', '/api/me/password-reset', {})).statusCode).toBe(403);
    // Forms and the dashboard are no member area.
    expect((await get(member.cookie, '/dashboard')).statusCode).toBe(200);
    expect((await setAreas(cookies.admin, [...MEMBER_AREAS])).statusCode).toBe(200);
    expect((await get(member.cookie, '/my-team')).statusCode).toBe(200);
  });

  it('refuses users outside the team, report viewers, the owner themselves and another event', async () => {
    await setAreas(cookies.admin, [...MEMBER_AREAS]);
    for (const level of ['user', 'reportViewer']) {
      expect((await setAreas(cookies[level], [])).statusCode, level).toBe(403);
    }
    expect((await setAreas(member.cookie, [])).statusCode).toBe(403);
    expect((await setAreas(team.cookie, [], team.ownerId)).statusCode).toBe(409);
    expect((await setAreas(cookies.otherAdmin, [], member.id, otherEventId)).statusCode).toBe(404);
    expect(await stored()).toEqual([...MEMBER_AREAS]);
  });

  it('refuses bad input in the spec words and stores nothing', async () => {
    for (const areas of [['billing'], ['tasks', 'tasks'], 'content', null]) {
      const res = await setAreas(cookies.admin, areas);
      expect(res.statusCode, JSON.stringify(areas)).toBe(400);
      expect(res.json().error.message).toBe('Invalid user');
    }
    const extra = await api.call('PUT', cookies.admin, `/teams/${team.id}/members/${member.id}/areas`, {
      areas: [],
      extra: true,
    });
    expect(extra.statusCode).toBe(400);
    expect(await stored()).toEqual([...MEMBER_AREAS]);
  });
});
