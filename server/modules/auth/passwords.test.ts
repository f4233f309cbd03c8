import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/crypto';
import {
  APP_URL,
  createTestApp,
  lastEmailTo,
  lastSentTo,
  makeEvent,
  makeUser,
  nextAddress,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  tokenFromEmail,
  withoutRequestId,
} from '../../test/harness';
import { dispatchEmails } from '../emails/service';
import { outboxEmails } from '../emails/tables';
import { createEvent } from '../events/service';
import { memberships } from '../people/tables';
import { queueTokenEmail } from './recovery/service';
import { accounts, authTokens, sessions } from './tables';

const INVALID_CODE = {
  error: { code: 'auth/invalid-action-code', message: 'The action code provided is invalid.' },
};
const NEW_PASSWORD = 'a-brand-new-passphrase';

describe('forgot, reset and set password', () => {
  let t: TestApp;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload, remoteAddress: nextAddress() });
  const forgot = (email: string, headers: Record<string, string> = {}) =>
    post('/api/auth/forgot-password', { email }, headers);
  const reset = (token: string, password = NEW_PASSWORD) =>
    post('/api/auth/reset-password', { token, password });
  const canSignIn = async (email: string, password: string) =>
    (await post('/api/auth/login', { email, password })).statusCode === 200;
  const passwordHashOf = async (id: string) =>
    (await t.ctx.db.select().from(accounts).where(eq(accounts.id, id)))[0].passwordHash;

  /** A user who asked for a reset link; returns the token from the emailed link. */
  async function userWithResetLink() {
    const user = await makeUser(t, eventId, 'user');
    expect((await forgot(user.email)).statusCode).toBe(200);
    return { user, token: await tokenFromEmail(t, user.email) };
  }

  it('answers {ok:true} for existing and unknown emails alike; only the existing one gets an email', async () => {
    const user = await makeUser(t, eventId, 'user', { firstName: 'Nina' });
    const outboxBefore = await t.ctx.db.select({ id: outboxEmails.id }).from(outboxEmails);
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody.here@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    // Alike but for the request's own id.
    expect(withoutRequestId(known.body)).toBe(withoutRequestId(unknown.body));
    expect(known.json()).toEqual({ ok: true });
    const outbox = await t.ctx.db.select().from(outboxEmails);
    expect(outbox).toHaveLength(outboxBefore.length + 1);
    const email = await lastEmailTo(t, user.email);
    expect(email).toMatchObject({
      kind: 'resetPassword',
      status: 'stored',
      subject: 'Reset your password for Expo 2027',
    });
    expect(email.text).toContain('Hello Nina,');
    expect(await lastEmailTo(t, 'nobody.here@example.test')).toBeUndefined();
  });

  it('keeps no live link in the outbox once the email has gone: the token is redacted there', async () => {
    const user = await makeUser(t, eventId, 'user');
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const token = await tokenFromEmail(t, user.email);
    expect(token.length).toBeGreaterThan(20);
    const row = await lastEmailTo(t, user.email);
    expect(row.status).toBe('stored');
    expect(row.links).toEqual([`${APP_URL}/auth/reset-password?token=redacted`]);
    const everything = JSON.stringify(await t.ctx.db.select().from(outboxEmails));
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(encodeURIComponent(token));
    // The link as sent still works.
    expect((await post('/api/auth/verify-token', { token, mode: 'resetPassword' })).statusCode).toBe(200);
  });

  it("builds the link from the event's app URL, never from the request's Host header", async () => {
    const user = await makeUser(t, eventId, 'user');
    const res = await forgot(user.email, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(res.statusCode).toBe(200);
    const email = lastSentTo(t, user.email);
    expect(email?.links).toHaveLength(1);
    expect(email?.links[0]).toMatch(
      new RegExp(`^${APP_URL.replace(/\./g, '\\.')}/auth/reset-password\\?token=[\\w-]{43}$`),
    );
    expect(`${email?.text}${email?.html}`).not.toContain('evil.example');
  });

  it('uses the app URL of the event named in the request when the account belongs to it', async () => {
    const autumn = await t.ctx.db.transaction((tx) =>
      createEvent(
        tx,
        {
          eventName: 'Autumn Fair',
          shortName: 'Autumn',
          startDate: '2027-09-01',
          endDate: '2027-09-02',
          timeZone: 'UTC',
          appUrl: 'https://autumn.example.test',
        },
        'system',
      ),
    );
    const user = await makeUser(t, eventId, 'user');
    await t.ctx.db.insert(memberships).values({ eventId: autumn, accountId: user.id, permissions: 'user' });
    await post('/api/auth/forgot-password', { email: user.email, eventId: autumn });
    const email = lastSentTo(t, user.email);
    expect(email?.links[0]).toMatch(/^https:\/\/autumn\.example\.test\/auth\/reset-password\?token=/);
    expect(email?.subject).toBe('Reset your password for Autumn Fair');
  });

  it('verify-token answers the mode and the email of the link', async () => {
    const { user, token } = await userWithResetLink();
    const res = await post('/api/auth/verify-token', { token, mode: 'resetPassword' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'resetPassword', email: user.email });
    // Looking at the link does not use it up.
    expect((await post('/api/auth/verify-token', { token, mode: 'resetPassword' })).statusCode).toBe(200);
  });

  it('resets the password: the old one fails, the new one works, every session ends', async () => {
    const { user, token } = await userWithResetLink();
    const sessionA = await signIn(t, user.email);
    const sessionB = await signIn(t, user.email);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: user.email });
    for (const cookie of [sessionA, sessionB]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(
        401,
      );
    }
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.accountId, user.id))).toEqual([]);
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(false);
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
  });

  it('refuses a link used once already', async () => {
    const { user, token } = await userWithResetLink();
    expect((await reset(token)).statusCode).toBe(200);
    const hash = await passwordHashOf(user.id);
    const again = await reset(token, 'yet-another-passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject(INVALID_CODE);
    expect((await post('/api/auth/verify-token', { token, mode: 'resetPassword' })).json()).toMatchObject(
      INVALID_CODE,
    );
    expect(await passwordHashOf(user.id)).toBe(hash);
  });

  it('refuses an expired link with auth/expired-action-code and changes nothing', async () => {
    const { user, token } = await userWithResetLink();
    const cookie = await signIn(t, user.email);
    await t.ctx.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const expired = {
      error: {
        code: 'auth/expired-action-code',
        message: 'The action code has expired. Please request a new one.',
      },
    };
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(expired);
    expect((await post('/api/auth/verify-token', { token, mode: 'resetPassword' })).json()).toMatchObject(
      expired,
    );
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('expires a reset link after one hour', async () => {
    const { token } = await userWithResetLink();
    const [row] = await t.ctx.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(61 * 60_000);
  });

  it('refuses a link superseded by a newer one; the newer one works', async () => {
    const user = await makeUser(t, eventId, 'user');
    await forgot(user.email);
    const first = await tokenFromEmail(t, user.email);
    await new Promise((r) => setTimeout(r, 5));
    await forgot(user.email);
    const second = await tokenFromEmail(t, user.email);
    expect(second).not.toBe(first);
    const res = await reset(first);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(INVALID_CODE);
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(true);
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('refuses a link of another kind', async () => {
    const { user, token } = await userWithResetLink();
    const setRes = await post('/api/auth/set-password', { token, password: NEW_PASSWORD });
    expect(setRes.statusCode).toBe(400);
    expect(setRes.json()).toMatchObject(INVALID_CODE);
    const email = await post('/api/auth/update-email', { token });
    expect(email.json()).toMatchObject(INVALID_CODE);
    expect((await post('/api/auth/verify-token', { token, mode: 'setPassword' })).json()).toMatchObject(
      INVALID_CODE,
    );
    expect(await canSignIn(user.email, TEST_PASSWORD)).toBe(true);
    // The link still works for what it was sent for.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses an unknown token, and a malformed one with 400 validation', async () => {
    expect((await reset('x'.repeat(43))).json()).toMatchObject(INVALID_CODE);
    const short = await reset('short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('validation');
    const mode = await post('/api/auth/verify-token', { token: 'x'.repeat(43), mode: 'login' });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().error.code).toBe('validation');
  });

  it('refuses a common password (auth/weak-password) and a short one (400), changing nothing', async () => {
    const { user, token } = await userWithResetLink();
    const hash = await passwordHashOf(user.id);
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      error: { code: 'auth/weak-password', message: 'The password provided is too weak.' },
    });
    const short = await reset(token, 'Sh0rt!');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      code: 'validation',
      issues: [{ path: ['password'], message: 'Use at least 8 characters.' }],
    });
    const long = await reset(token, 'x'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(await passwordHashOf(user.id)).toBe(hash);
    // The link was not used up by the refusals.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('lets an account made without a password set one through its link, then sign in', async () => {
    const user = await makeUser(t, eventId, 'moderator', { password: null, firstName: 'Sam' });
    expect(await passwordHashOf(user.id)).toBeNull();
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(false);
    const outboxId = await t.ctx.db.transaction((tx) =>
      queueTokenEmail(tx, {
        accountId: user.id,
        eventId,
        mode: 'setPassword',
        to: user.email,
        firstName: 'Sam',
        actor: 'system',
      }),
    );
    await dispatchEmails(t.ctx, [outboxId]);
    const email = await lastEmailTo(t, user.email);
    expect(email).toMatchObject({ kind: 'setPassword', subject: 'Set your password for Expo 2027' });
    expect(lastSentTo(t, user.email)?.links[0]).toMatch(
      new RegExp(`^${APP_URL.replace(/\./g, '\\.')}/auth/set-password\\?token=`),
    );
    const token = await tokenFromEmail(t, user.email);
    expect((await post('/api/auth/verify-token', { token, mode: 'setPassword' })).json()).toEqual({
      mode: 'setPassword',
      email: user.email,
    });
    expect((await reset(token)).json()).toMatchObject(INVALID_CODE);
    const res = await post('/api/auth/set-password', { token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: user.email });
    expect(await canSignIn(user.email, NEW_PASSWORD)).toBe(true);
    expect(
      (await post('/api/auth/set-password', { token, password: 'another-passphrase' })).json(),
    ).toMatchObject(INVALID_CODE);
  });

  it('sends a signed-in user a reset link to their own address (X-Requested-With, no body)', async () => {
    const user = await makeUser(t, eventId, 'user');
    const cookie = await signIn(t, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/password-reset',
      headers: { cookie, 'x-requested-with': 'portal' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await lastEmailTo(t, user.email)).toMatchObject({ kind: 'resetPassword' });
    expect((await reset(await tokenFromEmail(t, user.email))).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/me/password-reset', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('limits reset requests for one email to 5 an hour', async () => {
    const user = await makeUser(t, eventId, 'user');
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    const limited = await forgot(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('auth/too-many-requests');
    const sent = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
    expect(sent).toHaveLength(5);
  });
});
