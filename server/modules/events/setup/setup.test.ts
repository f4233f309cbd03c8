import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextAddress, type TestApp } from '../../../test/harness';
import { accounts, sessions } from '../../auth/tables';
import { memberships } from '../../people/tables';
import { events, settings } from '../tables';

/** First-run setup: one file, one database that starts with no account at all. */
describe('first-run setup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const validBody = () => ({
    firstName: '  Ada ',
    surname: 'Lovelace',
    email: 'Ada@Example.TEST',
    password: 'analytical-engine-1843',
    event: {
      eventName: 'Expo 2027',
      shortName: 'Expo',
      startDate: '2027-05-10',
      endDate: '2027-05-12',
      timeZone: 'Europe/London',
      appUrl: 'https://expo.example.test/',
    },
  });
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/setup', remoteAddress: nextAddress(), payload });

  async function nothingStored() {
    expect(await t.ctx.db.select().from(accounts)).toEqual([]);
    expect(await t.ctx.db.select().from(events)).toEqual([]);
    expect(await t.ctx.db.select().from(settings)).toEqual([]);
    expect(await t.ctx.db.select().from(sessions)).toEqual([]);
  }

  it('is offered while no account exists, with the address the browser used as the default app URL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/setup',
      headers: { host: 'portal.local:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ required: true, defaultAppUrl: 'http://portal.local:3000' });
  });

  it('refuses bad input with 400 and issues, and stores nothing', async () => {
    const cases: [string, object, (string | number)[]][] = [
      ['empty first name', { ...validBody(), firstName: '   ' }, ['firstName']],
      ['invalid email', { ...validBody(), email: 'not-an-email' }, ['email']],
      ['short password', { ...validBody(), password: 'short' }, ['password']],
      ['unknown key', { ...validBody(), isAdmin: true }, []],
      [
        'bad time zone',
        { ...validBody(), event: { ...validBody().event, timeZone: 'Mars/Olympus' } },
        ['event', 'timeZone'],
      ],
      [
        'app URL without scheme',
        { ...validBody(), event: { ...validBody().event, appUrl: 'expo.example.test' } },
        ['event', 'appUrl'],
      ],
      [
        'bad date',
        { ...validBody(), event: { ...validBody().event, startDate: '10/05/2027' } },
        ['event', 'startDate'],
      ],
    ];
    for (const [name, body, path] of cases) {
      const res = await post(body);
      expect(res.statusCode, name).toBe(400);
      const { error } = res.json();
      expect(error.code, name).toBe('validation');
      expect(
        error.issues.map((i: { path: unknown[] }) => i.path),
        name,
      ).toContainEqual(path);
      expect(res.cookies, name).toEqual([]);
    }
    await nothingStored();
  });

  it('refuses an end date before the start date', async () => {
    const res = await post({
      ...validBody(),
      event: { ...validBody().event, startDate: '2027-05-12', endDate: '2027-05-10' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation',
      issues: [{ path: ['event', 'endDate'], message: 'The end date must be on or after the start date' }],
    });
    await nothingStored();
  });

  it('rolls back the event when the account cannot be made (a common password)', async () => {
    const res = await post({ ...validBody(), password: 'password123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'auth/weak-password', message: 'The password provided is too weak.' },
    });
    await nothingStored();
  });

  it('creates the staff account, the event and a session', async () => {
    const res = await post(validBody());
    expect(res.statusCode).toBe(201);
    const { eventId, userId } = res.json();
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = res.cookies.find((c) => c.name === 'portal_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: `portal_session=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      account: { id: userId, email: 'ada@example.test', firstName: 'Ada', surname: 'Lovelace' },
      currentEventId: eventId,
      events: [
        {
          id: eventId,
          eventName: 'Expo 2027',
          shortName: 'Expo',
          startDate: '2027-05-10',
          endDate: '2027-05-12',
          timeZone: 'Europe/London',
          appUrl: 'https://expo.example.test',
          permissions: 'staff',
        },
      ],
    });
    const [membership] = await t.ctx.db.select().from(memberships).where(eq(memberships.accountId, userId));
    expect(membership).toMatchObject({ eventId, permissions: 'staff', hasLoggedIn: true });
    expect(membership.lastLoginInTime).toBeInstanceOf(Date);
    expect(
      (await t.ctx.db.select().from(settings).where(eq(settings.eventId, eventId))).map((s) => s.name).sort(),
    ).toEqual([
      'branding',
      'emails',
      'event',
      'featured',
      'onboarding',
      'terminology',
      'variables',
      'welcomeEmail',
    ]);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextAddress(),
      payload: { email: 'ada@example.test', password: 'analytical-engine-1843' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('is gone afterwards: GET says it is not required, POST answers 404 and nothing more is stored', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/setup' });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ required: false });
    const again = await post({ ...validBody(), email: 'mallory@example.test' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('not-found');
    expect(again.cookies).toEqual([]);
    expect(await t.ctx.db.select({ id: accounts.id }).from(accounts)).toHaveLength(1);
    expect(await t.ctx.db.select({ id: events.id }).from(events)).toHaveLength(1);
  });
});
