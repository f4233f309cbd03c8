import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { contentPages } from '../content/tables';
import { memberships } from '../people/tables';
import { tasks } from '../tasks/tables';
import { parseCalendar, timetableKit } from './timetableTestKit';

describe('time table: what teams see, .ics files and private calendar feeds', () => {
  let t: TestApp;
  let eventId: string;
  let kit: ReturnType<typeof timetableKit>;
  let cookies: Awaited<ReturnType<ReturnType<typeof timetableKit>['cookiesByLevel']>>;
  let caterer: { teamId: string; cookie: string };
  let builder: { teamId: string; cookie: string };
  let child: { teamId: string; cookie: string };
  let ids: Record<'all' | 'caterers' | 'parentsOnly' | 'nightShift', string>;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    kit = timetableKit(t, eventId);
    cookies = await kit.cookiesByLevel();
    const catererType = await kit.teamType(cookies.admin, 'Caterer');
    const builderType = await kit.teamType(cookies.admin, 'Builder');
    caterer = await kit.teamMember(cookies.admin, 'Tasty Co', catererType);
    builder = await kit.teamMember(cookies.admin, 'Stands Ltd', builderType);
    child = await kit.teamMember(cookies.admin, 'Tasty Junior', catererType, caterer.teamId);
    const logistics = await kit.track(cookies.admin, 'Logistics', '#e8590c');
    const [page] = await t.ctx.db
      .insert(contentPages)
      .values({ eventId, title: 'Loading bay rules', isPublished: true })
      .returning({ id: contentPages.id });
    ids = {
      all: await kit.session(cookies.moderator, {
        title: 'Doors open',
        startsAt: '2027-05-10T09:00',
        endsAt: '2027-05-10T18:00',
        location: 'Main entrance',
        link: { kind: 'content', id: page.id },
      }),
      caterers: await kit.session(cookies.moderator, {
        title: 'Food safety walk-round',
        teamTypeIds: [catererType],
        trackId: logistics,
      }),
      parentsOnly: await kit.session(cookies.moderator, {
        title: 'Stand holders meeting',
        showToChildTeams: false,
      }),
      // Across the clocks going back in London (31 October 2027, 02:00 BST -> 01:00 GMT).
      nightShift: await kit.session(cookies.moderator, {
        title: 'Night build',
        startsAt: '2027-10-30T22:00',
        endsAt: '2027-10-31T06:00',
      }),
    };
  });
  afterAll(() => t.close());

  it('shows teams nothing until the time table is published; moderators see every session', async () => {
    expect(await kit.myTitles(caterer.cookie)).toEqual([]);
    expect(await kit.myTitles(cookies.moderator)).toHaveLength(4);
    // Says so, for the dashboard (which shows next sessions only from a published time table).
    expect((await kit.call('GET', cookies.moderator, '/my-time-table')).json().isPublished).toBe(false);
    await kit.publishTimeTable(cookies.admin);
    expect((await kit.call('GET', caterer.cookie, '/my-time-table')).json().isPublished).toBe(true);
  });

  it('shows each team the sessions of its team type, and stand shares only those shown to them', async () => {
    expect(await kit.myTitles(caterer.cookie)).toEqual([
      'Food safety walk-round',
      'Stand holders meeting',
      'Doors open',
      'Night build',
    ]);
    expect(await kit.myTitles(builder.cookie)).toEqual([
      'Stand holders meeting',
      'Doors open',
      'Night build',
    ]);
    expect(await kit.myTitles(child.cookie)).toEqual(['Food safety walk-round', 'Doors open', 'Night build']);
    const mine = (await kit.call('GET', caterer.cookie, '/my-time-table')).json();
    expect(mine.timeZone).toBe('Europe/London');
    expect(mine.tracks).toEqual([{ id: expect.any(String), name: 'Logistics', color: '#e8590c' }]);
    const doors = mine.sessions.find((s: { title: string }) => s.title === 'Doors open');
    expect(doors.link).toMatchObject({ kind: 'content', title: 'Loading bay rules' });
    expect(doors.link.path).toMatch(/^\/content\//);
    // A builder sees no Logistics session, so no Logistics filter either.
    expect((await kit.call('GET', builder.cookie, '/my-time-table')).json().tracks).toEqual([]);
  });

  it('drops a link the team may no longer follow', async () => {
    await t.ctx.db.update(contentPages).set({ isPublished: false }).where(eq(contentPages.eventId, eventId));
    const mine = (await kit.call('GET', caterer.cookie, '/my-time-table')).json();
    expect(mine.sessions.find((s: { title: string }) => s.title === 'Doors open').link).toBeNull();
  });

  it('gives a visible session as an .ics file, right across a clock change, and hides the others', async () => {
    const res = await kit.call('GET', caterer.cookie, `/time-table/sessions/${ids.nightShift}/calendar.ics`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="night-build.ics"');
    const [event] = parseCalendar(res.body);
    expect(event.summary).toBe('Night build');
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-10-30T21:00:00.000Z'); // 22:00 BST
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-10-31T06:00:00.000Z'); // 06:00 GMT
    expect(
      (await kit.call('GET', builder.cookie, `/time-table/sessions/${ids.caterers}/calendar.ics`)).statusCode,
    ).toBe(404);
    expect(
      (await kit.call('GET', child.cookie, `/time-table/sessions/${ids.parentsOnly}/calendar.ics`))
        .statusCode,
    ).toBe(404);
    const stranger = await signIn(t, (await makeUser(t, await makeEvent(t, 'Elsewhere'), 'admin')).email);
    expect((await kit.call('GET', stranger, `/time-table/sessions/${ids.all}/calendar.ics`)).statusCode).toBe(
      404,
    );
  });

  describe('private calendar feeds', () => {
    const fetchFeed = (address: string) => t.app.inject({ url: new URL(address).pathname });

    it('serves, without a session, what its owner may see: sessions and their team task deadlines', async () => {
      await t.ctx.db.insert(tasks).values([
        { eventId, title: 'Upload food hygiene certificate', dueDate: '2027-04-20' },
        { eventId, title: 'Archived task', dueDate: '2027-04-21', isArchived: true },
      ]);
      const status = await kit.call('GET', caterer.cookie, '/time-table/feed');
      expect(status.json()).toEqual({ active: false, createdAt: null });
      const made = await kit.call('POST', caterer.cookie, '/time-table/feed');
      expect(made.statusCode, made.body).toBe(201);
      const { address } = made.json() as { address: string };
      expect(address).toMatch(
        new RegExp(
          `^https://portal\\.example\\.test/api/public/events/${eventId}/calendar/[\\w-]{43}\\.ics$`,
        ),
      );
      expect((await kit.call('GET', caterer.cookie, '/time-table/feed')).json().active).toBe(true);

      const res = await fetchFeed(address);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const events = parseCalendar(res.body);
      expect(events.map((e) => e.summary).sort()).toEqual([
        'Doors open',
        'Due: Upload food hygiene certificate',
        'Food safety walk-round',
        'Night build',
        'Stand holders meeting',
      ]);
      // Sessions carry when they last changed, read back as a real instant.
      const doors = events.find((e) => e.summary === 'Doors open');
      const modified = doors?.component.getFirstPropertyValue('last-modified');
      expect(Math.abs(Date.now() - (modified as { toJSDate(): Date }).toJSDate().getTime())).toBeLessThan(
        600_000,
      );
      const due = events.find((e) => e.summary.startsWith('Due:'));
      expect(due?.startDate.isDate).toBe(true);
      expect(due?.startDate.toString()).toBe('2027-04-20');
      // The event's due-soon threshold is 30 days by default.
      expect(String(due?.component.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger'))).toBe(
        '-P30D',
      );
    });

    it('stops the old address when a new one is made or the feed is turned off; forged tokens find nothing', async () => {
      const first = (await kit.call('POST', builder.cookie, '/time-table/feed')).json().address as string;
      expect((await fetchFeed(first)).statusCode).toBe(200);
      const second = (await kit.call('POST', builder.cookie, '/time-table/feed')).json().address as string;
      expect(second).not.toBe(first);
      expect((await fetchFeed(first)).statusCode).toBe(404);
      const builderFeed = parseCalendar((await fetchFeed(second)).body).map((e) => e.summary);
      expect(builderFeed).not.toContain('Food safety walk-round');

      const forged = second.replace(/calendar\/[\w-]+\.ics$/, `calendar/${'A'.repeat(43)}.ics`);
      const res = await fetchFeed(forged);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Calendar feed not found');
      // The right token under another event's id, or no id at all, finds nothing either.
      const token = second.split('/calendar/')[1];
      expect(
        (await t.app.inject({ url: `/api/public/events/${crypto.randomUUID()}/calendar/${token}` }))
          .statusCode,
      ).toBe(404);
      expect((await t.app.inject({ url: `/api/public/events/nope/calendar/${token}` })).statusCode).toBe(404);

      expect((await kit.call('DELETE', builder.cookie, '/time-table/feed')).statusCode).toBe(204);
      expect((await fetchFeed(second)).statusCode).toBe(404);
      // Someone of another event cannot make, read or turn off a feed here.
      const stranger = await signIn(t, (await makeUser(t, await makeEvent(t, 'Far Away'), 'admin')).email);
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        expect((await kit.call(method, stranger, '/time-table/feed')).statusCode).toBe(404);
      }
    });

    it('stops serving a member who has left the event', async () => {
      const user = await makeUser(t, eventId, 'user');
      const cookie = await signIn(t, user.email);
      const address = (await kit.call('POST', cookie, '/time-table/feed')).json().address as string;
      expect((await fetchFeed(address)).statusCode).toBe(200);
      await t.ctx.db
        .delete(memberships)
        .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, user.id)));
      expect((await fetchFeed(address)).statusCode).toBe(404);
    });
  });
});
