import { and, eq } from 'drizzle-orm';
import { makeUser, signIn, type TestApp, uniqueEmail } from '../../test/harness';
import { settings } from '../events/tables';

/** Test helpers for the team routes: calls as a given cookie, and a team made through the API. */
export function teamApi(t: TestApp, eventId: string) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    cookie: string,
    path: string,
    payload?: object,
    event = eventId,
  ) =>
    t.app.inject({
      method,
      url: `/api/events/${event}${path}`,
      headers: { cookie },
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });

  async function createTeam(cookie: string, name: string, extra: object = {}, event = eventId) {
    const email = uniqueEmail('owner');
    const res = await call(
      'POST',
      cookie,
      '/teams',
      { name, owner: { firstName: `${name} Owner`, surname: 'Person', email }, ...extra },
      event,
    );
    if (res.statusCode !== 201) throw new Error(`createTeam ${res.statusCode} ${res.body}`);
    const { id, ownerId } = res.json() as { id: string; ownerId: string };
    return { id, ownerId, email };
  }

  /** Adds a member with a password through the API and signs them in. */
  async function memberCookie(adminCookie: string, teamId: string, permissions: 'user' | 'admin' = 'user') {
    const email = uniqueEmail('member');
    const res = await call('POST', adminCookie, `/teams/${teamId}/members`, {
      firstName: 'Member',
      surname: 'Of Team',
      email,
      permissions,
    });
    if (res.statusCode !== 201) throw new Error(`addMember ${res.statusCode} ${res.body}`);
    return { id: (res.json() as { id: string }).id, email };
  }

  async function setMemberLimit(limit: number) {
    await t.ctx.db
      .update(settings)
      .set({ data: { teamMemberLimit: limit } })
      .where(and(eq(settings.eventId, eventId), eq(settings.name, 'variables')));
  }

  /** An owner who can sign in: a user of the event made first, then named as the team's owner. */
  async function ownedTeam(adminCookie: string, name: string, extra: object = {}) {
    const owner = await makeUser(t, eventId, 'user', { firstName: name });
    const res = await call('POST', adminCookie, '/teams', {
      name,
      owner: { firstName: name, surname: 'Owner', email: owner.email },
      ...extra,
    });
    if (res.statusCode !== 201) throw new Error(`ownedTeam ${res.statusCode} ${res.body}`);
    return { id: (res.json() as { id: string }).id, ownerId: owner.id, cookie: await signIn(t, owner.email) };
  }

  return { call, createTeam, memberCookie, setMemberLimit, ownedTeam };
}
