import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../../shared/auth/permissions';
import { seedDemoSettings } from '../../seed/demoSettings';
import { APP_URL, createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { memberships } from '../people/tables';
import { events, settings } from './tables';

describe('settings documents', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  const cookies = {} as Record<Permission, string>;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t, 'Harbour Expo');
    otherEventId = await makeEvent(t, 'Other Show');
    for (const level of ['user', 'reportViewer', 'moderator', 'admin', 'staff'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
  });
  afterAll(() => t.close());

  const url = (name: string, id = eventId) => `/api/events/${id}/settings/${name}`;
  const get = (name: string, cookie = cookies.admin, id = eventId) =>
    t.app.inject({ method: 'GET', url: url(name, id), headers: { cookie } });
  const put = (name: string, payload: object, cookie = cookies.admin, id = eventId) =>
    t.app.inject({ method: 'PUT', url: url(name, id), headers: { cookie }, payload });
  const stored = async (name: string, id = eventId) => {
    const [row] = await t.ctx.db
      .select()
      .from(settings)
      .where(and(eq(settings.eventId, id), eq(settings.name, name)));
    return row;
  };
  const shell = (cookie = cookies.user) =>
    t.app.inject({ method: 'GET', url: `/api/events/${eventId}/shell`, headers: { cookie } });

  it('gives an admin every editable document with its defaults', async () => {
    const variables = await get('variables');
    expect(variables.statusCode).toBe(200);
    expect(variables.json()).toEqual({
      name: 'variables',
      settings: { teamMemberLimit: 15, dueSoonDays: 30, currencyId: 'GBP' },
    });
    expect((await get('onboarding')).json().settings).toMatchObject({
      title: 'Welcome!',
      salutation: 'Dear',
    });
    expect((await get('event')).json().settings).toMatchObject({
      eventName: 'Harbour Expo',
      appUrl: APP_URL,
    });
    for (const name of ['emails', 'terminology', 'branding', 'welcomeEmail']) {
      expect((await get(name)).statusCode, name).toBe(200);
    }
    expect((await get('variables', cookies.staff)).statusCode).toBe(200);
  });

  it('refuses users, report viewers and moderators with 403, reading and writing', async () => {
    const before = await stored('variables');
    for (const level of ['user', 'reportViewer', 'moderator'] as const) {
      const read = await get('variables', cookies[level]);
      expect(read.statusCode, level).toBe(403);
      expect(read.json().error.code).toBe('forbidden');
      expect((await put('variables', { dueSoonDays: 3 }, cookies[level])).statusCode, level).toBe(403);
    }
    expect(await stored('variables')).toEqual(before);
  });

  it("answers 404 for another event's settings, 401 signed out, 400 for an unknown document", async () => {
    for (const res of [
      await get('variables', cookies.admin, otherEventId),
      await put('variables', { dueSoonDays: 3 }, cookies.admin, otherEventId),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not-found', message: 'Event ID not found' } });
    }
    expect((await stored('variables', otherEventId)).data).toEqual({
      teamMemberLimit: 15,
      dueSoonDays: 30,
      currencyId: 'GBP',
    });
    expect((await t.app.inject({ method: 'GET', url: url('variables') })).statusCode).toBe(401);
    for (const name of ['featured', 'secrets']) {
      expect((await get(name)).statusCode, name).toBe(400);
    }
  });

  it('merges a partial change over the stored document and records who made it', async () => {
    const res = await put('variables', { dueSoonDays: 14, currencyId: 'EUR' });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual({ teamMemberLimit: 15, dueSoonDays: 14, currencyId: 'EUR' });
    const row = await stored('variables');
    expect(row.data).toEqual({ teamMemberLimit: 15, dueSoonDays: 14, currencyId: 'EUR' });
    expect(row.updatedBy).not.toBe('system');
  });

  it("refuses bad input with 400 in the spec's words, storing nothing", async () => {
    const cases: [string, object, string, (string | number)[]][] = [
      ['variables', { currencyId: 'XXX1' }, 'Invalid variables settings', ['currencyId']],
      ['variables', { teamMemberLimit: 0 }, 'Invalid variables settings', ['teamMemberLimit']],
      ['variables', { dueSoonDays: 'soon' }, 'Invalid variables settings', ['dueSoonDays']],
      ['branding', { navBgColor: 'green' }, 'Invalid branding', ['navBgColor']],
      ['branding', { navTheme: 'light' }, 'Invalid branding', []],
      ['branding', { logo: 'javascript:alert(1)' }, 'Invalid branding', ['logo']],
      ['event', { appUrl: 'https://elsewhere.example' }, 'Invalid event', []],
      ['event', { startDate: '2027-05-20' }, 'Invalid event', ['endDate']],
      ['event', { timeZone: 'Mars/Olympus' }, 'Invalid event', ['timeZone']],
      ['event', { locale: 'xx-XX' }, 'Invalid event', ['locale']],
      ['event', { eventName: '  ' }, 'Invalid event', ['eventName']],
      ['emails', { supportEmail: 'not-an-email' }, 'Invalid emails', ['supportEmail']],
      ['emails', { sendTaskRemindersTo: 'everyone' }, 'Invalid emails', ['sendTaskRemindersTo']],
      ['onboarding', { videoUrl: 'https://example.com/video' }, 'Invalid onboarding', ['videoUrl']],
      ['onboarding', { videoSourceType: 'tiktok' }, 'Invalid onboarding', ['videoSourceType']],
      ['terminology', { tasks: '' }, 'Invalid terminology', ['tasks']],
      ['welcomeEmail', { showParagraph1: 'yes' }, 'Invalid welcome text', ['showParagraph1']],
    ];
    const before = await t.ctx.db.select().from(settings).where(eq(settings.eventId, eventId));
    for (const [name, body, message, path] of cases) {
      const res = await put(name, body);
      expect(res.statusCode, `${name} ${JSON.stringify(body)}`).toBe(400);
      const { error } = res.json();
      expect(error).toMatchObject({ code: 'validation', message });
      expect(error.issues.map((i: { path: unknown[] }) => i.path)).toContainEqual(path);
    }
    expect(await t.ctx.db.select().from(settings).where(eq(settings.eventId, eventId))).toEqual(before);
  });

  it('derives navTheme from the navigation colour, and the shell uses it at once', async () => {
    const light = await put('branding', { navBgColor: '#ffeb3b', logo: 'https://cdn.example.test/logo.png' });
    expect(light.statusCode).toBe(200);
    expect(light.json().settings).toMatchObject({ navBgColor: '#ffeb3b', navTheme: 'light' });
    expect((await shell()).json().branding).toMatchObject({
      navBgColor: '#ffeb3b',
      navTheme: 'light',
      logo: 'https://cdn.example.test/logo.png',
    });
    const dark = await put('branding', { navBgColor: '#0d47a1' });
    expect(dark.json().settings).toMatchObject({
      navTheme: 'dark',
      logo: 'https://cdn.example.test/logo.png',
    });
    expect((await stored('branding')).data).toMatchObject({ navTheme: 'dark' });
  });

  it('shows a terminology change in the shell response at once', async () => {
    expect((await shell()).json().terminology.dashboard).toBe('Dashboard');
    const res = await put('terminology', { dashboard: '  Home  ', timeTable: 'Schedule' });
    expect(res.json().settings).toMatchObject({ dashboard: 'Home', timeTable: 'Schedule', tasks: 'Tasks' });
    expect((await shell()).json().terminology).toMatchObject({ dashboard: 'Home', timeTable: 'Schedule' });
  });

  it('shows an event rename in GET /api/me at once (the cached list of events is dropped)', async () => {
    const me = () => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookies.user } });
    const mine = async () =>
      (await me()).json().events.find((e: { id: string }) => e.id === eventId) as Record<string, string>;
    expect((await mine()).longName).toBe('Harbour Expo');
    const res = await put('event', {
      eventName: 'Harbour Expo 2028',
      longName: 'The Harbour Food Expo',
      shortName: 'Harbour',
      startDate: '2028-06-01',
      endDate: '2028-06-03',
      launchDate: '2028-01-15',
      companyName: 'Harbour Events Ltd',
    });
    expect(res.statusCode).toBe(200);
    expect(await mine()).toMatchObject({
      eventName: 'Harbour Expo 2028',
      longName: 'The Harbour Food Expo',
      shortName: 'Harbour',
      startDate: '2028-06-01',
    });
    const [root] = await t.ctx.db.select().from(events).where(eq(events.id, eventId));
    expect(root).toMatchObject({ name: 'Harbour Expo 2028', appUrl: APP_URL });
    const cleared = await put('event', { launchDate: null });
    expect(cleared.json().settings.launchDate).toBeUndefined();
    expect(cleared.json().settings.companyName).toBe('Harbour Events Ltd');
  });

  it('saves emails and onboarding, accepting YouTube and Vimeo addresses', async () => {
    const emails = await put('emails', { supportEmail: 'Help@Harbour.Example', taskRemindersEnabled: false });
    expect(emails.json().settings).toMatchObject({
      supportEmail: 'help@harbour.example',
      taskRemindersEnabled: false,
    });
    expect((await shell()).json().supportEmail).toBe('help@harbour.example');
    const youTube = await put('onboarding', {
      showOnboarding: true,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(youTube.statusCode).toBe(200);
    const vimeo = await put('onboarding', {
      videoSourceType: 'vimeo',
      videoUrl: 'https://vimeo.com/76979871',
    });
    expect(vimeo.json().settings).toMatchObject({ showOnboarding: true, videoSourceType: 'vimeo' });
    expect((await shell()).json().onboarding).toMatchObject({ showOnboarding: true, title: 'Welcome!' });
  });
});

describe('PUT /api/events/:eventId/me/onboarded', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let member: { id: string; email: string };
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t, 'Harbour Expo');
    otherEventId = await makeEvent(t, 'Other Show');
    member = await makeUser(t, eventId, 'user');
    cookie = await signIn(t, member.email);
  });
  afterAll(() => t.close());

  const onboarded = (id = eventId, c: string | null = cookie) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/events/${id}/me/onboarded`,
      headers: c ? { cookie: c } : {},
      payload: {},
    });

  it('marks the calling member onboarded, which the shell then says', async () => {
    const res = await onboarded();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isOnboarded: true });
    const [row] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, member.id)));
    expect(row.isOnboarded).toBe(true);
    const shell = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/shell`,
      headers: { cookie },
    });
    expect(shell.json().membership.isOnboarded).toBe(true);
  });

  it('answers 404 in an event the caller is not a member of, and 401 signed out', async () => {
    expect((await onboarded(otherEventId)).statusCode).toBe(404);
    expect((await onboarded(eventId, null)).statusCode).toBe(401);
    const others = await t.ctx.db.select().from(memberships).where(eq(memberships.eventId, otherEventId));
    expect(others.every((m) => !m.isOnboarded)).toBe(true);
  });
});

describe('demo settings', () => {
  it('pass the same checks as the screens and show in the shell', async () => {
    const t = await createTestApp();
    try {
      const eventId = await makeEvent(t, 'Harbourside Food & Drink Expo 2027');
      const cookie = await signIn(t, (await makeUser(t, eventId, 'user')).email);
      await seedDemoSettings(t.ctx.db, eventId);
      const shell = (
        await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/shell`, headers: { cookie } })
      ).json();
      expect(shell.supportEmail).toBe('exhibitors@harbourside-expo.example');
      expect(shell.branding).toMatchObject({ navBgColor: '#0b4f6c', navTheme: 'dark' });
      expect(shell.onboarding).toMatchObject({
        showOnboarding: false,
        title: 'Welcome to Harbourside Expo!',
      });
      expect(shell.event.teamName).toBe('The Harbourside Expo Team');
    } finally {
      await t.close();
    }
  });
});
