import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { memberships } from '../people/tables';
import { accounts } from './tables';

describe('my account and my events', () => {
  let t: TestApp;
  let spring: string;
  let autumn: string;
  let stranger: string;
  let user: { id: string; email: string };
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    spring = await makeEvent(t, 'Spring Fair');
    autumn = await makeEvent(t, 'Autumn Fair');
    stranger = await makeEvent(t, 'Someone Else');
    user = await makeUser(t, spring, 'reportViewer', { firstName: 'Rita', surname: 'Jones' });
    // The same account in a second event, at another level (one account, several events).
    await makeUser(t, autumn, 'admin', { email: user.email });
    await makeUser(t, stranger, 'admin');
    cookie = await signIn(t, user.email, undefined, spring);
  });
  afterAll(() => t.close());

  const me = (c = cookie) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: c } });
  const patch = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload });
  const switchTo = (eventId: string) =>
    t.app.inject({ method: 'PUT', url: '/api/me/current-event', headers: { cookie }, payload: { eventId } });
  const storedAccount = async () =>
    (await t.ctx.db.select().from(accounts).where(eq(accounts.id, user.id)))[0];

  it('GET /api/session answers who is signed in, and me: null (200, not 401) for a visitor', async () => {
    const session = (c?: string) =>
      t.app.inject({ method: 'GET', url: '/api/session', headers: c ? { cookie: c } : {} });
    const signedIn = await session(cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().me).toEqual((await me()).json());
    for (const visitor of [undefined, 'portal_session=forged-token-value']) {
      const res = await session(visitor);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ me: null });
    }
  });

  it('lists every event of the account with its permission level there, and no other event', async () => {
    const res = await me();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.account).toEqual({ id: user.id, email: user.email, firstName: 'Rita', surname: 'Jones' });
    expect(body.currentEventId).toBe(spring);
    const byName = Object.fromEntries(
      body.events.map((e: { eventName: string; permissions: string }) => [e.eventName, e.permissions]),
    );
    expect(byName).toEqual({ 'Spring Fair': 'reportViewer', 'Autumn Fair': 'admin' });
    expect(body.events[0]).toMatchObject({
      startDate: '2027-05-10',
      endDate: '2027-05-12',
      timeZone: 'Europe/London',
      locale: 'en-GB',
    });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      error: { code: 'auth/unauthenticated', message: 'Please sign in to continue.' },
    });
  });

  it('updates first name and surname, trimmed', async () => {
    const res = await patch({ firstName: '  Margarita ', surname: ' Jones-Smith  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().account).toMatchObject({ firstName: 'Margarita', surname: 'Jones-Smith' });
    expect(await storedAccount()).toMatchObject({
      firstName: 'Margarita',
      surname: 'Jones-Smith',
      updatedBy: user.id,
    });
    expect((await me()).json().account.firstName).toBe('Margarita');
  });

  it('refuses empty names and unknown keys with 400, changing nothing', async () => {
    const before = await storedAccount();
    for (const payload of [
      { firstName: '   ', surname: 'Jones' },
      { firstName: 'Rita', surname: '' },
      { firstName: 'Rita' },
      { firstName: 'Rita', surname: 'Jones', email: 'takeover@example.test' },
      { firstName: 'Rita', surname: 'Jones', permissions: 'staff' },
      { firstName: 'x'.repeat(101), surname: 'Jones' },
    ]) {
      const res = await patch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('validation');
      expect(error.message).toBe('Invalid user');
      expect(error.issues.length).toBeGreaterThan(0);
    }
    expect(await storedAccount()).toEqual(before);
    const [membership] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.eventId, spring), eq(memberships.accountId, user.id)));
    expect(membership.permissions).toBe('reportViewer');
  });

  it('switches the current event and records the sign-in on that membership', async () => {
    const [before] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.eventId, autumn), eq(memberships.accountId, user.id)));
    expect(before.hasLoggedIn).toBe(false);
    const res = await switchTo(autumn);
    expect(res.statusCode).toBe(200);
    expect(res.json().currentEventId).toBe(autumn);
    const [after] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.eventId, autumn), eq(memberships.accountId, user.id)));
    expect(after.hasLoggedIn).toBe(true);
    expect(after.lastLoginInTime?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The session remembers it: the next page load is in the new event.
    expect((await me()).json().currentEventId).toBe(autumn);
  });

  it('answers 404 for an event the account is not in and stays in the current event', async () => {
    for (const eventId of [stranger, '00000000-0000-4000-8000-000000000000']) {
      const res = await switchTo(eventId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not-found', message: 'Event ID not found' } });
    }
    expect((await me()).json().currentEventId).toBe(autumn);
    const bad = await switchTo('not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });

  it('shows a new membership and a new name at once, though /api/me is served from the read cache', async () => {
    const other = await makeUser(t, spring, 'user', { firstName: 'Cara' });
    const otherCookie = await signIn(t, other.email);
    expect((await me(otherCookie)).json().events).toHaveLength(1);
    const winter = await makeEvent(t, 'Winter Fair');
    await makeUser(t, winter, 'moderator', { email: other.email });
    const after = (await me(otherCookie)).json();
    expect(after.events.map((e: { eventName: string }) => e.eventName)).toEqual([
      'Spring Fair',
      'Winter Fair',
    ]);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: otherCookie },
      payload: { firstName: 'Carla', surname: 'Moss' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(otherCookie)).json().account.firstName).toBe('Carla');
  });
});
