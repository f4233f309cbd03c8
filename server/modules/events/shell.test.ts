import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { settings } from './tables';

describe('GET /api/events/:eventId/shell', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let cookie: string;
  let moderatorCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t, 'Harbour Expo');
    otherEventId = await makeEvent(t, 'Other Show');
    cookie = await signIn(t, (await makeUser(t, eventId, 'user')).email);
    moderatorCookie = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
  });
  afterAll(() => t.close());

  const shell = (c: string | undefined, id = eventId) =>
    t.app.inject({ method: 'GET', url: `/api/events/${id}/shell`, headers: c ? { cookie: c } : {} });

  it("gives a member the event, the default branding and terminology, and the member's membership", async () => {
    const res = await shell(cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.event).toEqual({
      id: eventId,
      eventName: 'Harbour Expo',
      shortName: 'Harbour Expo',
      longName: 'Harbour Expo',
      startDate: '2027-05-10',
      endDate: '2027-05-12',
      timeZone: 'Europe/London',
      locale: 'en-GB',
      appUrl: APP_URL,
      teamName: '',
    });
    expect(body.branding).toMatchObject({
      navBgColor: '#1b5e20',
      navTheme: 'dark',
      autoLogo: true,
      logo: '',
    });
    expect(body.terminology).toEqual({
      dashboard: 'Dashboard',
      downloads: 'Downloads',
      forms: 'Forms',
      notifications: 'Notifications',
      suppliers: 'Suppliers',
      tasks: 'Tasks',
      timeTable: 'Time Table',
    });
    expect(body.supportEmail).toBe('');
    expect(body.membership).toMatchObject({ permissions: 'user', isOnboarded: false, hasLoggedIn: true });
    expect(Date.parse(body.membership.lastLoginInTime)).toBeGreaterThan(Date.now() - 60_000);
    expect((await shell(moderatorCookie)).json().membership.permissions).toBe('moderator');
  });

  it('shows the terminology and branding the event saved', async () => {
    await t.ctx.db
      .update(settings)
      .set({ data: { timeTable: 'Schedule' } })
      .where(and(eq(settings.eventId, eventId), eq(settings.name, 'terminology')));
    await t.ctx.db
      .update(settings)
      .set({ data: { navBgColor: '#ffeb3b', navTheme: 'light' } })
      .where(and(eq(settings.eventId, eventId), eq(settings.name, 'branding')));
    const body = (await shell(cookie)).json();
    expect(body.terminology).toMatchObject({ timeTable: 'Schedule', tasks: 'Tasks' });
    expect(body.branding).toMatchObject({ navBgColor: '#ffeb3b', navTheme: 'light' });
  });

  it('answers 404 for an event the caller is not a member of, and for an unknown event', async () => {
    for (const id of [otherEventId, '00000000-0000-4000-8000-000000000000']) {
      const res = await shell(cookie, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not-found', message: 'Event ID not found' } });
    }
  });

  it('answers 401 without a session or with an unknown one, 400 for a malformed id', async () => {
    for (const c of [undefined, 'portal_session=forged-token-value']) {
      const res = await shell(c);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: { code: 'auth/unauthenticated', message: 'Please sign in to continue.' },
      });
    }
    const bad = await shell(cookie, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation');
  });
});
