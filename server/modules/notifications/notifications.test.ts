import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { portalKit } from '../portal/portalTestKit';
import { notificationsKit } from './notificationsTestKit';

describe('event notifications: managing', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let kit: ReturnType<typeof notificationsKit>;
  let cookies: Record<'user' | 'reportViewer' | 'moderator' | 'admin', string>;
  let otherAdmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    kit = notificationsKit(t, eventId);
    cookies = await kit.cookiesByLevel();
    otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  it('is for admins only: users, report viewers and moderators are refused every managing route', async () => {
    const { id } = await kit.create(cookies.admin, { title: 'Build-up starts at 7:00' });
    for (const level of ['user', 'reportViewer', 'moderator'] as const) {
      const c = cookies[level];
      expect((await kit.call('GET', c, '/notifications')).statusCode).toBe(403);
      expect((await kit.call('POST', c, '/notifications', { title: 'X' })).statusCode).toBe(403);
      expect((await kit.call('GET', c, `/notifications/${id}`)).statusCode).toBe(403);
      expect((await kit.call('PUT', c, `/notifications/${id}`, { title: 'X' })).statusCode).toBe(403);
      expect((await kit.call('DELETE', c, `/notifications/${id}`)).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/notifications` });
    expect(anonymous.statusCode).toBe(401);
    expect((await kit.call('GET', cookies.admin, `/notifications/${id}`)).json()).toMatchObject({
      title: 'Build-up starts at 7:00',
      status: 'draft',
      audience: 'everyone',
    });
  });

  it('lists by last change, newest first, with status and team type filters and a search', async () => {
    const type = await kit.teamType(cookies.admin, 'Caterer');
    const a = await kit.create(cookies.admin, {
      title: 'Catering order closes Friday',
      audience: 'teamTypes',
      teamTypeIds: [type],
    });
    const b = await kit.create(cookies.admin, { title: 'Wi-Fi password 100%_ready', action: 'publish' });
    const list = (await kit.call('GET', cookies.admin, '/notifications')).json();
    expect(list.items.slice(0, 2).map((n: { id: string }) => n.id)).toEqual([b.id, a.id]);
    const published = (await kit.call('GET', cookies.admin, '/notifications?status=pushed')).json();
    expect(published.items.map((n: { id: string }) => n.id)).toEqual([b.id]);
    const byType = (await kit.call('GET', cookies.admin, `/notifications?teamTypeId=${type}`)).json();
    expect(byType.items.map((n: { id: string }) => n.id)).toEqual([a.id]);
    // The search takes % and _ literally.
    const searched = (await kit.call('GET', cookies.admin, '/notifications?search=100%25_')).json();
    expect(searched.items.map((n: { id: string }) => n.id)).toEqual([b.id]);
    expect((await kit.call('GET', cookies.admin, '/notifications?search=0%25x')).json().total).toBe(0);
    expect((await kit.call('GET', cookies.admin, '/notifications?status=nope')).statusCode).toBe(400);
  });

  it('sanitises the description on the server', async () => {
    const n = await kit.create(cookies.admin, {
      title: 'Parking',
      description:
        '<p onclick="steal()">Use <strong>gate B</strong><script>alert(1)</script> <a href="javascript:x()">here</a></p>',
    });
    const { description } = (await kit.call('GET', cookies.admin, `/notifications/${n.id}`)).json();
    expect(description).toContain('<strong>gate B</strong>');
    expect(description).not.toMatch(/script|onclick|javascript/);
  });

  it("refuses bad input with 400 'Invalid notification' and stores nothing", async () => {
    const other = portalKit(t, otherEventId);
    const foreignType = await other.teamType(otherAdmin, 'Elsewhere');
    const foreignPage = await other.contentPage('Their page', {}, otherEventId);
    const foreignTeam = (await other.teamMember(otherAdmin, 'Their team', null)).teamId;
    const before = await kit.stored();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    for (const body of [
      {},
      { title: '' },
      { title: 'X', surprise: 1 },
      { title: 'X', targetKind: 'task' },
      { title: 'X', targetKind: 'link', linkUrl: 'javascript:alert(1)' },
      { title: 'X', audience: 'teamTypes' },
      { title: 'X', action: 'schedule' },
      { title: 'X', action: 'schedule', scheduledAt: '2020-01-01T09:00:00Z' },
      { title: 'X', action: 'schedule', scheduledAt: 'tomorrow at 7' },
      { title: 'X', audience: 'teamTypes', teamTypeIds: [foreignType] },
      { title: 'X', audience: 'team', teamId: foreignTeam },
      { title: 'X', targetKind: 'content', targetId: foreignPage },
      { title: 'X', targetKind: 'form', targetId: crypto.randomUUID() },
    ]) {
      const res = await kit.call('POST', cookies.admin, '/notifications', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toBe('Invalid notification');
    }
    // Text that cannot be stored is refused by the platform before the route runs.
    const nul = { title: 'X\u0000', action: 'schedule', scheduledAt: inAnHour };
    expect((await kit.call('POST', cookies.admin, '/notifications', nul)).statusCode).toBe(400);
    expect(await kit.stored()).toBe(before);
  });

  it("answers 404 for another event's notification, and never lets its admin in", async () => {
    const mine = await kit.create(cookies.admin, { title: 'Ours' });
    const theirs = (
      await kit.call('POST', otherAdmin, '/notifications', { title: 'Theirs' }, otherEventId)
    ).json() as { id: string };
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await kit.call(method, cookies.admin, `/notifications/${theirs.id}`, { title: 'Taken' });
      expect(res.statusCode).toBe(404);
    }
    expect((await kit.call('GET', otherAdmin, '/notifications')).statusCode).toBe(404);
    expect(
      (await kit.call('GET', otherAdmin, `/notifications/${mine.id}`, undefined, otherEventId)).statusCode,
    ).toBe(404);
    expect(
      (await kit.call('GET', otherAdmin, `/notifications/${theirs.id}`, undefined, otherEventId)).json()
        .title,
    ).toBe('Theirs');
  });

  it('edits, withdraws and deletes', async () => {
    const n = await kit.create(cookies.admin, { title: 'Draft one' });
    const published = await kit.call('PUT', cookies.admin, `/notifications/${n.id}`, {
      title: 'Now live',
      action: 'publish',
    });
    expect(published.json()).toMatchObject({ title: 'Now live', status: 'pushed' });
    expect(published.json().sentAt).not.toBeNull();
    const rescheduled = await kit.call('PUT', cookies.admin, `/notifications/${n.id}`, {
      title: 'Now live',
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(rescheduled.statusCode).toBe(400);
    expect(rescheduled.json().error.message).toBe('Invalid update');
    const withdrawn = await kit.call('PUT', cookies.admin, `/notifications/${n.id}`, { title: 'Now live' });
    expect(withdrawn.json()).toMatchObject({ status: 'draft', sentAt: null });
    expect((await kit.call('DELETE', cookies.admin, `/notifications/${n.id}`)).statusCode).toBe(204);
    expect((await kit.call('GET', cookies.admin, `/notifications/${n.id}`)).statusCode).toBe(404);
  });
});
