import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { teamApi } from '../people/teamTestKit';
import { findScopeMembership } from './queries';

/**
 * The scope guard's membership is cached (PGlite here, as in production): each change to what it
 * holds shows on the caller's very next request, including the changes made by cascade.
 */
describe('the cached membership of the scope guard', () => {
  let t: TestApp;
  let eventId: string;
  let admin: string;
  let api: ReturnType<typeof teamApi>;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    api = teamApi(t, eventId);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', cookie: string, path: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/events/${eventId}${path}`,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('a level taken away applies at once', async () => {
    const moderator = await makeUser(t, eventId, 'moderator');
    const cookie = await signIn(t, moderator.email);
    expect((await call('GET', cookie, '/teams')).statusCode).toBe(200);
    const changed = await call('PUT', admin, `/users/${moderator.id}/permissions`, { permissions: 'user' });
    expect(changed.statusCode).toBe(204);
    expect((await call('GET', cookie, '/teams')).statusCode).toBe(403);
  });

  it('a user removed from the event is out at once', async () => {
    const user = await makeUser(t, eventId, 'user');
    const cookie = await signIn(t, user.email);
    expect((await call('GET', cookie, '/shell')).statusCode).toBe(200);
    const adminUser = await makeUser(t, eventId, 'admin');
    const removed = await call('DELETE', admin, `/users/${user.id}?transferToId=${adminUser.id}`, {});
    expect(removed.statusCode).toBe(204);
    // Their only event: the account goes with the membership, and its sessions end.
    expect((await call('GET', cookie, '/shell')).statusCode).toBe(401);
  });

  it('a deleted team leaves its members without a team at once (a cascade, no statement on memberships)', async () => {
    const team = await api.ownedTeam(admin, 'Cascade Ltd');
    // The owner's request puts their membership in the cache.
    expect((await call('GET', team.cookie, '/my-team')).json().team.id).toBe(team.id);
    expect((await findScopeMembership(t.ctx.db, eventId, team.ownerId))?.teamId).toBe(team.id);
    expect((await call('DELETE', admin, `/teams/${team.id}`, {})).statusCode).toBe(204);
    expect((await findScopeMembership(t.ctx.db, eventId, team.ownerId))?.teamId).toBeNull();
    expect((await call('GET', team.cookie, '/my-team')).json().team).toBeNull();
  });
});
