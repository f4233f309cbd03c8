import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/crypto';
import {
  createTestApp,
  makeEvent,
  makeUser,
  nextAddress,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  tokenFromEmail,
  withoutRequestId,
} from '../../test/harness';
import { memberships } from '../people/tables';
import { setAccountDisabled } from './service';
import { rateLimits, sessions } from './tables';

const INVALID_CREDENTIAL = {
  error: { code: 'auth/invalid-credential', message: 'The email or password is incorrect.' },
};

describe('sign-in and sign-out', () => {
  let t: TestApp;
  let eventId: string;
  let secondEventId: string;
  let strangerEventId: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t, 'Spring Fair');
    secondEventId = await makeEvent(t, 'Autumn Fair');
    strangerEventId = await makeEvent(t, 'Someone Else');
  });
  afterAll(() => t.close());

  const login = (payload: object, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === 'portal_session');
    return c ? `portal_session=${c.value}` : undefined;
  };
  const membership = async (event: string, accountId: string) =>
    (
      await t.ctx.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.eventId, event), eq(memberships.accountId, accountId)))
    )[0];

  it('signs in: an HttpOnly SameSite=Lax cookie, the account and its events', async () => {
    const user = await makeUser(t, eventId, 'moderator', { firstName: 'Mia' });
    const res = await login({ email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'portal_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(res.json()).toMatchObject({
      account: { id: user.id, email: user.email, firstName: 'Mia' },
      currentEventId: eventId,
      events: [{ id: eventId, eventName: 'Spring Fair', permissions: 'moderator' }],
    });
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it('records hasLoggedIn and lastLoginInTime on the membership of the event signed in to, only that one', async () => {
    const user = await makeUser(t, eventId, 'user');
    await t.ctx.db
      .insert(memberships)
      .values({ eventId: secondEventId, accountId: user.id, permissions: 'admin' });
    expect(await membership(eventId, user.id)).toMatchObject({ hasLoggedIn: false, lastLoginInTime: null });
    const before = Date.now();
    const res = await login({ email: user.email, password: TEST_PASSWORD, eventId: secondEventId });
    expect(res.statusCode).toBe(200);
    expect(res.json().currentEventId).toBe(secondEventId);
    const signedIn = await membership(secondEventId, user.id);
    expect(signedIn.hasLoggedIn).toBe(true);
    expect(signedIn.lastLoginInTime?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await membership(eventId, user.id)).toMatchObject({ hasLoggedIn: false, lastLoginInTime: null });
  });

  it('answers the same 401 for the eventId of an event the account is not in, and starts no session', async () => {
    const user = await makeUser(t, eventId, 'admin');
    const sessionsBefore = await t.ctx.db.select().from(sessions).where(eq(sessions.accountId, user.id));
    const res = await login({ email: user.email, password: TEST_PASSWORD, eventId: strangerEventId });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(INVALID_CREDENTIAL);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.accountId, user.id))).toEqual(
      sessionsBefore,
    );
    expect(await membership(eventId, user.id)).toMatchObject({ hasLoggedIn: false });
  });

  it('answers unknown email, wrong password, an account without a password and a disabled account byte for byte alike', async () => {
    const user = await makeUser(t, eventId, 'user');
    const noPassword = await makeUser(t, eventId, 'user', { password: null });
    const disabled = await makeUser(t, eventId, 'user');
    await setAccountDisabled(t.ctx, disabled.id, true, 'system');
    const answers = [
      await login({ email: 'nobody@example.test', password: TEST_PASSWORD }),
      await login({ email: user.email, password: 'not-the-password' }),
      await login({ email: noPassword.email, password: TEST_PASSWORD }),
      await login({ email: disabled.email, password: TEST_PASSWORD }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      // Alike but for each request's own id.
      expect(withoutRequestId(res.body)).toBe(withoutRequestId(answers[0].body));
      expect(res.headers['content-type']).toBe(answers[0].headers['content-type']);
      expect(sessionCookie(res)).toBeUndefined();
    }
    expect(answers[0].json()).toMatchObject(INVALID_CREDENTIAL);
  });

  it('refuses a malformed login body with 400', async () => {
    for (const payload of [
      { email: 'a@b.test' },
      { email: 'a@b.test', password: 'x', remember: true },
      { email: 'a@b.test', password: 'x', eventId: 'nope' },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });

  it('issues a new token at every login; both sessions work until each is ended', async () => {
    const user = await makeUser(t, eventId, 'user');
    const first = await signIn(t, user.email);
    const second = await signIn(t, user.email);
    expect(first).not.toBe(second);
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: first },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'portal_session');
    expect(cleared?.value).toBe('');
    // The old cookie, replayed, is refused: the session ended on the server, not only in the browser.
    const replay = await me(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      error: { code: 'auth/unauthenticated', message: 'Please sign in to continue.' },
    });
    expect((await me(second)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.accountId, user.id))).toHaveLength(1);
  });

  it('answers logout without a session with 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth/unauthenticated');
  });

  it('ends a session past its absolute expiry, and one idle for over 14 days', async () => {
    const user = await makeUser(t, eventId, 'user');
    const expired = await signIn(t, user.email);
    const idle = await signIn(t, user.email);
    const fresh = await signIn(t, user.email);
    const hashOf = (cookie: string) => hashToken(cookie.split('=')[1]);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashOf(expired)));
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 15 * 24 * 3600_000) })
      .where(eq(sessions.tokenHash, hashOf(idle)));
    expect((await me(expired)).statusCode).toBe(401);
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
    const left = await t.ctx.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.accountId, user.id));
    expect(left).toEqual([{ tokenHash: hashOf(fresh) }]);
  });

  it('ends the sessions of an account that is disabled', async () => {
    const user = await makeUser(t, eventId, 'user');
    const cookie = await signIn(t, user.email);
    await setAccountDisabled(t.ctx, user.id, true, 'system');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('after 10 failed attempts for one email refuses even the right password with 429; successes never count', async () => {
    const user = await makeUser(t, eventId, 'user');
    for (let i = 0; i < 12; i++) {
      expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    }
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: user.email, password: `wrong-${i}-password` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: {
        code: 'auth/too-many-requests',
        message: 'Too many attempts: use "Forgot password" to get back in now, or wait 15 minutes',
      },
    });
    expect(sessionCookie(limited)).toBeUndefined();
    // Another account is not affected.
    const other = await makeUser(t, eventId, 'user');
    expect((await login({ email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    // The owner proves the mailbox with a reset link: the lock ends at once.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: nextAddress(),
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextAddress(),
      payload: { token: await tokenFromEmail(t, user.email), password: 'a-brand-new-passphrase-42' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login({ email: user.email, password: 'a-brand-new-passphrase-42' })).statusCode).toBe(200);
  });

  it('after 50 failed attempts from one address refuses every email from it with 429', async () => {
    const address = nextAddress();
    // 49 failed attempts from this address already counted (49 scrypt runs would only slow the suite).
    await t.ctx.db
      .insert(rateLimits)
      .values({ key: `login:ip:${address}`, windowStart: new Date(), hits: 49 });
    const user = await makeUser(t, eventId, 'user');
    expect((await login({ email: user.email, password: TEST_PASSWORD }, address)).statusCode).toBe(200);
    expect((await login({ email: 'spray1@example.test', password: 'Summer2027!' }, address)).statusCode).toBe(
      401,
    );
    const limited = await login({ email: user.email, password: TEST_PASSWORD }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('auth/too-many-requests');
    expect(sessionCookie(limited)).toBeUndefined();
    // The same account from another address is not affected.
    expect((await login({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('counts attempts in a fixed window: an old window starts again', async () => {
    const address = nextAddress();
    await t.ctx.db
      .insert(rateLimits)
      .values({ key: `login:ip:${address}`, windowStart: new Date(Date.now() - 16 * 60_000), hits: 500 });
    const user = await makeUser(t, eventId, 'user');
    expect((await login({ email: user.email, password: TEST_PASSWORD }, address)).statusCode).toBe(200);
  });
});
