import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { tasks } from '../tasks/tables';
import { timetableSessions, timetableTracks } from './tables';
import { timetableKit } from './timetableTestKit';

describe('time table: sessions and tracks', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let kit: ReturnType<typeof timetableKit>;
  let cookies: Awaited<ReturnType<ReturnType<typeof timetableKit>['cookiesByLevel']>>;
  let otherModerator: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    kit = timetableKit(t, eventId);
    cookies = await kit.cookiesByLevel();
    otherModerator = await signIn(t, (await makeUser(t, otherEventId, 'moderator')).email);
  });
  afterAll(() => t.close());

  const stored = async () =>
    (await t.ctx.db.select().from(timetableSessions).where(eq(timetableSessions.eventId, eventId))).length;

  it('lets moderators and admins manage sessions and tracks, and no one else', async () => {
    const id = await kit.session(cookies.moderator, { title: 'Doors open' });
    const trackId = await kit.track(cookies.admin, 'Show days');
    for (const level of ['user', 'reportViewer'] as const) {
      const c = cookies[level];
      for (const [method, path] of [
        ['GET', '/time-table/sessions'],
        ['POST', '/time-table/sessions'],
        ['GET', `/time-table/sessions/${id}`],
        ['PUT', `/time-table/sessions/${id}`],
        ['POST', `/time-table/sessions/${id}/duplicate`],
        ['DELETE', `/time-table/sessions/${id}`],
        ['GET', '/time-table/tracks'],
        ['POST', '/time-table/tracks'],
        ['PUT', `/time-table/tracks/${trackId}`],
        ['DELETE', `/time-table/tracks/${trackId}`],
        ['GET', '/time-table/link-options'],
      ] as const) {
        expect(
          (await kit.call(method, c, path, { title: 'X' })).statusCode,
          `${level} ${method} ${path}`,
        ).toBe(403);
      }
    }
    expect((await t.app.inject({ url: `/api/events/${eventId}/time-table/sessions` })).statusCode).toBe(401);
    expect((await kit.call('GET', cookies.admin, `/time-table/sessions/${id}`)).json().title).toBe(
      'Doors open',
    );
    expect(await stored()).toBe(1);
    const [task] = await t.ctx.db
      .insert(tasks)
      .values([
        { eventId, title: 'Book your forklift', dueDate: '2027-04-01' },
        { eventId, title: 'Old task', dueDate: '2027-04-01', isArchived: true },
      ])
      .returning({ id: tasks.id });
    const options = await kit.call('GET', cookies.moderator, '/time-table/link-options');
    expect(options.json()).toEqual({
      content: [],
      form: [],
      task: [{ id: task.id, title: 'Book your forklift' }],
    });
  });

  it('creates, lists by day, searches, filters by track and team type, updates, duplicates and deletes', async () => {
    const build = await kit.track(cookies.moderator, 'Build-up', '#E8590C');
    const caterer = await kit.teamType(cookies.admin, 'Caterer');
    const created = await kit.call('POST', cookies.moderator, '/time-table/sessions', {
      title: ' Forklift deliveries ',
      startsAt: '2027-05-08T07:00',
      endsAt: '2027-05-08T12:00',
      location: 'Gate B',
      trackId: build,
      teamTypeIds: [caterer, caterer],
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json();
    expect(session).toMatchObject({
      title: 'Forklift deliveries',
      trackId: build,
      teamTypeIds: [caterer],
      showToChildTeams: true,
      link: null,
    });
    await kit.session(cookies.moderator, {
      title: 'Safety briefing',
      startsAt: '2027-05-08T06:30',
      endsAt: '2027-05-08T07:00',
    });

    const list = async (query: string) => {
      const res = await kit.call('GET', cookies.moderator, `/time-table/sessions${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { title: string }[]; total: number; days: string[] };
    };
    const byDay = await list('?day=2027-05-08');
    expect(byDay.items.map((s) => s.title)).toEqual(['Safety briefing', 'Forklift deliveries']);
    expect(byDay.days).toEqual(['2027-05-08', '2027-05-10']);
    expect((await list('?search=gate')).items.map((s) => s.title)).toEqual(['Forklift deliveries']);
    expect((await list(`?trackId=${build}`)).total).toBe(1);
    expect((await list('?trackId=none&day=2027-05-08')).items.map((s) => s.title)).toEqual([
      'Safety briefing',
    ]);
    const other = await kit.teamType(cookies.admin, 'Builder');
    expect((await list(`?teamTypeId=${other}&day=2027-05-08`)).items.map((s) => s.title)).toEqual([
      'Safety briefing',
    ]);
    expect((await list(`?teamTypeId=${caterer}&day=2027-05-08`)).total).toBe(2);
    expect((await list('?sort=title&order=desc')).items[0].title).toBe('Safety briefing');

    const updated = await kit.call('PUT', cookies.moderator, `/time-table/sessions/${session.id}`, {
      title: 'Forklift deliveries (halls 1-3)',
      startsAt: '2027-05-08T07:00',
      endsAt: '2027-05-08T13:00',
      trackId: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ endsAt: '2027-05-08T13:00', trackId: null, teamTypeIds: [] });

    const copy = await kit.call('POST', cookies.moderator, `/time-table/sessions/${session.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      title: 'Forklift deliveries (halls 1-3) (copy)',
      startsAt: '2027-05-08T07:00',
    });
    expect(
      (await kit.call('DELETE', cookies.moderator, `/time-table/sessions/${copy.json().id}`)).statusCode,
    ).toBe(204);
    expect(
      (await kit.call('GET', cookies.moderator, `/time-table/sessions/${copy.json().id}`)).statusCode,
    ).toBe(404);
  });

  it('renames tracks, refuses a second of the same name, and keeps sessions when one is deleted', async () => {
    const briefings = await kit.track(cookies.moderator, 'Briefings');
    const id = await kit.session(cookies.moderator, { title: 'Exhibitor briefing', trackId: briefings });
    const dup = await kit.call('POST', cookies.moderator, '/time-table/tracks', {
      name: 'briefings',
      color: '#000000',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('A track with this name already exists');
    const renamed = await kit.call('PUT', cookies.moderator, `/time-table/tracks/${briefings}`, {
      name: 'Briefings & meetings',
      color: '#2F9E44',
    });
    expect(renamed.json()).toMatchObject({
      name: 'Briefings & meetings',
      color: '#2f9e44',
      sessionsCount: 1,
    });
    expect((await kit.call('DELETE', cookies.moderator, `/time-table/tracks/${briefings}`)).statusCode).toBe(
      204,
    );
    expect(
      (await kit.call('GET', cookies.moderator, `/time-table/sessions/${id}`)).json().trackId,
    ).toBeNull();
    expect((await kit.call('DELETE', cookies.moderator, `/time-table/tracks/${briefings}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses bad input with 400 in its words and stores nothing', async () => {
    const before = await stored();
    const foreignTrack = await timetableKit(t, otherEventId).track(otherModerator, 'Elsewhere');
    const [foreignTask] = await t.ctx.db
      .insert(tasks)
      .values({ eventId: otherEventId, title: 'Their task', dueDate: '2027-04-01' })
      .returning({ id: tasks.id });
    const valid = { title: 'Doors open', startsAt: '2027-05-10T09:00', endsAt: '2027-05-10T18:00' };
    for (const [body, path] of [
      [{ ...valid, title: '' }, 'title'],
      [{ ...valid, endsAt: '2027-05-10T08:00' }, 'endsAt'],
      [{ ...valid, startsAt: '10/05/2027 09:00' }, 'startsAt'],
      [{ ...valid, surprise: true }, ''],
      [{ ...valid, trackId: foreignTrack }, 'trackId'],
      [{ ...valid, teamTypeIds: [crypto.randomUUID()] }, 'teamTypeIds'],
      [{ ...valid, link: { kind: 'task', id: foreignTask.id } }, 'link'],
    ] as const) {
      const res = await kit.call('POST', cookies.moderator, '/time-table/sessions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe('Invalid session values');
      if (path) expect(res.json().error.issues.map((i: { path: string[] }) => i.path[0])).toContain(path);
    }
    const nul = await kit.call('POST', cookies.moderator, '/time-table/sessions', {
      ...valid,
      title: 'Nul\u0000',
    });
    expect(nul.statusCode).toBe(400);
    const badTrack = await kit.call('POST', cookies.moderator, '/time-table/tracks', {
      name: 'X',
      color: 'red',
    });
    expect(badTrack.statusCode).toBe(400);
    expect(badTrack.json().error.message).toBe('Invalid track values');
    expect((await kit.call('GET', cookies.moderator, '/time-table/sessions?day=tomorrow')).statusCode).toBe(
      400,
    );
    expect((await kit.call('GET', cookies.moderator, '/time-table/sessions/not-a-uuid')).statusCode).toBe(
      400,
    );
    expect(await stored()).toBe(before);
    expect((await t.ctx.db.select().from(timetableTracks).where(eq(timetableTracks.name, 'X'))).length).toBe(
      0,
    );
  });

  it('forgets a deleted team type in the sessions restricted to it', async () => {
    const type = await kit.teamType(cookies.admin, 'Florist');
    const id = await kit.session(cookies.moderator, { title: 'Flower delivery', teamTypeIds: [type] });
    expect((await kit.call('DELETE', cookies.admin, `/team-types/${type}`)).statusCode).toBe(204);
    expect(
      (await kit.call('GET', cookies.moderator, `/time-table/sessions/${id}`)).json().teamTypeIds,
    ).toEqual([]);
  });

  it("never reaches another event's sessions or tracks", async () => {
    const id = await kit.session(cookies.moderator, { title: 'Private rehearsal' });
    const trackId = await kit.track(cookies.moderator, 'Rehearsals');
    const other = timetableKit(t, otherEventId);
    // Through the other event's path: not found there.
    expect((await other.call('GET', otherModerator, `/time-table/sessions/${id}`)).statusCode).toBe(404);
    expect(
      (
        await other.call('PUT', otherModerator, `/time-table/sessions/${id}`, {
          title: 'Hijack',
          startsAt: '2027-05-10T09:00',
          endsAt: '2027-05-10T10:00',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await other.call('POST', otherModerator, `/time-table/sessions/${id}/duplicate`)).statusCode,
    ).toBe(404);
    expect((await other.call('DELETE', otherModerator, `/time-table/sessions/${id}`)).statusCode).toBe(404);
    expect(
      (
        await other.call('PUT', otherModerator, `/time-table/tracks/${trackId}`, {
          name: 'Y',
          color: '#000000',
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.call('DELETE', otherModerator, `/time-table/tracks/${trackId}`)).statusCode).toBe(
      404,
    );
    // Through this event's path: not a member.
    expect((await kit.call('GET', otherModerator, `/time-table/sessions/${id}`)).statusCode).toBe(404);
    expect((await kit.call('GET', cookies.moderator, `/time-table/sessions/${id}`)).json().title).toBe(
      'Private rehearsal',
    );
  });
});
