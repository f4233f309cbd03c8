import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  createTestApp,
  lastEmailTo,
  makeEvent,
  makeUser,
  nextAddress,
  signIn,
  TEST_PASSWORD,
  type TestApp,
  tokenFromEmail,
  uniqueEmail,
} from '../../test/harness';
import { outboxEmails } from '../emails/tables';
import { accounts, sessions } from './tables';

const IN_USE = {
  error: {
    code: 'auth/email-already-in-use',
    message: 'The email address is already in use by another account.',
  },
};

describe('email change', () => {
  let t: TestApp;
  let eventId: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
  });
  afterAll(() => t.close());

  const requestChange = (cookie: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/me/email-change',
      headers: { cookie },
      payload,
      remoteAddress: nextAddress(),
    });
  const confirm = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/update-email',
      payload: { token },
      remoteAddress: nextAddress(),
    });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  const canSignIn = async (email: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: nextAddress(),
        payload: { email, password: TEST_PASSWORD },
      })
    ).statusCode === 200;
  const emailOf = async (id: string) =>
    (await t.ctx.db.select().from(accounts).where(eq(accounts.id, id)))[0].email;
  const outboxCount = async () => (await t.ctx.db.select({ id: outboxEmails.id }).from(outboxEmails)).length;

  async function signedInUser() {
    const user = await makeUser(t, eventId, 'user', { firstName: 'Eve' });
    return { user, cookie: await signIn(t, user.email) };
  }

  it('refuses a wrong password with auth/wrong-password and sends nothing', async () => {
    const { user, cookie } = await signedInUser();
    const before = await outboxCount();
    const res = await requestChange(cookie, { newEmail: uniqueEmail('new'), password: 'not-my-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'auth/wrong-password', message: 'The password provided is incorrect.' },
    });
    expect(await outboxCount()).toBe(before);
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('refuses an address another account uses (whatever its case) and sends nothing', async () => {
    const { cookie } = await signedInUser();
    const other = await makeUser(t, eventId, 'user');
    const before = await outboxCount();
    const res = await requestChange(cookie, { newEmail: other.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(IN_USE);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses an invalid address or unknown keys with 400', async () => {
    const { cookie } = await signedInUser();
    for (const payload of [
      { newEmail: 'not-an-email', password: TEST_PASSWORD },
      { newEmail: '', password: TEST_PASSWORD },
      { newEmail: uniqueEmail('new'), password: TEST_PASSWORD, confirmed: true },
    ]) {
      const res = await requestChange(cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    const invalid = await requestChange(cookie, { newEmail: 'not-an-email', password: TEST_PASSWORD });
    expect(invalid.json().error.issues).toEqual([
      { path: ['newEmail'], message: 'The email address provided is invalid.' },
    ]);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/email-change',
      payload: { newEmail: uniqueEmail(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });

  it('sends a verification link to the new address only; the change applies when it is opened', async () => {
    const { user, cookie } = await signedInUser();
    const suffix = Math.random().toString(36).slice(2, 8);
    const typed = `Eve.New.${suffix}@Example.TEST`;
    const stored = typed.toLowerCase();
    const res = await requestChange(cookie, { newEmail: typed, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    // Nothing changes yet: same email, same session, the old address still signs in.
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await lastEmailTo(t, user.email)).toBeUndefined();
    const verification = await lastEmailTo(t, stored);
    expect(verification).toMatchObject({
      kind: 'verifyEmailChange',
      subject: 'Verify your new email address',
    });
    expect(verification.text).toContain(stored);
    expect(verification.links[0]).toMatch(
      new RegExp(`^${APP_URL.replace(/\./g, '\\.')}/auth/update-email\\?token=`),
    );
    const token = await tokenFromEmail(t, stored);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-token',
      payload: { token, mode: 'verifyAndChangeEmail' },
    });
    expect(check.json()).toEqual({ mode: 'verifyAndChangeEmail', email: stored });

    const other = await signIn(t, user.email);
    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: stored });
    expect(await emailOf(user.id)).toBe(stored);
    // Every session ended, the old cookie included.
    for (const c of [cookie, other]) expect((await me(c)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.accountId, user.id))).toEqual([]);
    // The old address is told.
    const notice = await lastEmailTo(t, user.email);
    expect(notice).toMatchObject({ kind: 'emailChanged', subject: 'Your email address has been changed' });
    expect(notice.text).toContain(stored);
    expect(notice.links).toEqual([]);
    expect(await canSignIn(stored)).toBe(true);
    expect(await canSignIn(user.email)).toBe(false);

    const reuse = await confirm(token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({
      error: { code: 'auth/invalid-action-code', message: 'The action code provided is invalid.' },
    });
  });

  it('refuses a superseded verification link', async () => {
    const { user, cookie } = await signedInUser();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await requestChange(cookie, { newEmail: first, password: TEST_PASSWORD });
    await requestChange(cookie, { newEmail: second, password: TEST_PASSWORD });
    const res = await confirm(await tokenFromEmail(t, first));
    expect(res.json().error.code).toBe('auth/invalid-action-code');
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await confirm(await tokenFromEmail(t, second))).json()).toEqual({ email: second });
  });

  it('keeps the original email when the new address was taken before the link was opened', async () => {
    const { user, cookie } = await signedInUser();
    const wanted = uniqueEmail('wanted');
    expect((await requestChange(cookie, { newEmail: wanted, password: TEST_PASSWORD })).statusCode).toBe(200);
    const token = await tokenFromEmail(t, wanted);
    const before = await outboxCount();
    // Someone else registers the address in between.
    await makeUser(t, eventId, 'user', { email: wanted });

    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject(IN_USE);
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await outboxCount()).toBe(before);
    expect(await canSignIn(user.email)).toBe(true);
    // The whole change rolled back, the token's use included: opening it again answers the same.
    expect((await confirm(token)).json()).toMatchObject(IN_USE);
  });
});
