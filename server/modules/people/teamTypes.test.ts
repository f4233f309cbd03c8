import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';

describe('team types', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Show');
    for (const level of ['user', 'reportViewer', 'moderator', 'admin'] as const) {
      cookies[level] = await signIn(t, (await makeUser(t, eventId, level)).email);
    }
    cookies.otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    cookie: string,
    path = '',
    payload?: object,
    event = eventId,
  ) =>
    t.app.inject({
      method,
      url: `/api/events/${event}/team-types${path}`,
      headers: { cookie },
      ...(method === 'GET' ? {} : { payload: payload ?? {} }),
    });

  it('lets an admin add, rename and list team types by name', async () => {
    const b = await call('POST', cookies.admin, '', { name: '  Sponsor ' });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ name: 'Sponsor', teamsCount: 0 });
    const a = (await call('POST', cookies.admin, '', { name: 'Exhibitor' })).json();
    const renamed = await call('PUT', cookies.admin, `/${a.id}`, { name: 'Exhibitors' });
    expect(renamed.json().name).toBe('Exhibitors');
    const list = (await call('GET', cookies.moderator)).json();
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['Exhibitors', 'Sponsor']);
    expect((await call('GET', cookies.admin, `/${a.id}`)).json().name).toBe('Exhibitors');
  });

  it('is admin only for changes; moderators may read the list for the team filters', async () => {
    for (const level of ['user', 'reportViewer', 'moderator']) {
      const res = await call('POST', cookies[level], '', { name: 'Nope' });
      expect(res.statusCode, level).toBe(403);
    }
    expect((await call('GET', cookies.user)).statusCode).toBe(403);
    expect((await call('GET', cookies.reportViewer)).statusCode).toBe(403);
    expect((await call('GET', cookies.moderator)).statusCode).toBe(200);
    const names = (await call('GET', cookies.admin)).json().items.map((i: { name: string }) => i.name);
    expect(names).not.toContain('Nope');
  });

  it("answers 404 for another event's team type and hides it from the list", async () => {
    const theirs = (await call('POST', cookies.otherAdmin, '', { name: 'Theirs' }, otherEventId)).json();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, cookies.admin, `/${theirs.id}`, { name: 'Mine now' });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call('GET', cookies.admin, '', undefined, otherEventId)).statusCode).toBe(404);
    expect(
      (await call('GET', cookies.otherAdmin, `/${theirs.id}`, undefined, otherEventId)).json().name,
    ).toBe('Theirs');
  });

  it("refuses bad input with 400 'Invalid team type' and stores nothing", async () => {
    const before = (await call('GET', cookies.admin)).json().items.length;
    for (const body of [
      { name: '' },
      { name: '   ' },
      {},
      { name: 'A', extra: 1 },
      { name: 'x'.repeat(201) },
    ]) {
      const res = await call('POST', cookies.admin, '', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation', message: 'Invalid team type' });
    }
    expect((await call('GET', cookies.admin, '/not-a-uuid')).statusCode).toBe(400);
    expect((await call('GET', cookies.admin)).json().items.length).toBe(before);
  });

  it('deleting a team type takes it off its teams', async () => {
    const type = (await call('POST', cookies.admin, '', { name: 'Caterer' })).json();
    const team = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/teams`,
      headers: { cookie: cookies.admin },
      payload: {
        name: 'Pie Co',
        teamTypeId: type.id,
        owner: { firstName: 'P', surname: 'Co', email: 'pie@example.test' },
      },
    });
    expect(team.statusCode).toBe(201);
    expect((await call('GET', cookies.admin, `/${type.id}`)).json().teamsCount).toBe(1);
    expect((await call('DELETE', cookies.admin, `/${type.id}`)).statusCode).toBe(204);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/teams/${team.json().id}`,
      headers: { cookie: cookies.admin },
    });
    expect(detail.json()).toMatchObject({ teamTypeId: null, teamTypeName: null });
    expect((await call('GET', cookies.admin, `/${type.id}`)).statusCode).toBe(404);
  });
});
