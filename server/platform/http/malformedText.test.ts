import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';

/**
 * Every route of the OpenAPI document, as an admin of the event, with text PostgreSQL cannot
 * store (NUL, a lone surrogate) in the body and in the query: never a 5xx, always the error shape,
 * and the server answers afterwards.
 */
describe('text the database cannot store, on every route', () => {
  let t: TestApp;
  let eventId: string;
  let cookie: string;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    cookie = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(() => t.close());

  const urlOf = (path: string) =>
    path.replace('{eventId}', eventId).replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
  const BAD = ['a\u0000b', '\ud800', 'x\udc00y'];
  const FIELDS = ['title', 'name', 'firstName', 'email', 'company', 'description', 'password', 'heading'];

  it("answers 400 (or the guard's 401/403/404) in the error shape, never 5xx", async () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const bad of BAD) {
      for (const { method, path } of routes) {
        if (path.startsWith('/api/auth/logout')) continue;
        const payload = Object.fromEntries(FIELDS.map((field) => [field, bad]));
        const res = await t.app.inject({
          method: method as 'GET',
          // A lone surrogate has no URL form: the query carries a NUL, or bytes that are not UTF-8.
          url: `${urlOf(path)}?search=${bad.includes('\u0000') ? 'a%00b' : '%ED%A0%80'}`,
          headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'portal' },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: JSON.stringify(payload) }),
        });
        const where = `${method} ${path} with ${JSON.stringify(bad)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode >= 400)
          expect(res.json().error, where).toMatchObject({ code: expect.any(String) });
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Three passes over every route: past the default 30 s on a busy two-core machine.
  }, 180_000);

  it("names the field, with the route's own message, and stores nothing", async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/task-groups`,
        headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'portal' },
        payload,
      });
    for (const bad of BAD) {
      const res = await post(JSON.stringify({ title: `Build${bad}up` }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.issues).toEqual([{ path: ['title'], message: expect.stringMatching(/NUL/) }]);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/task-groups`,
      headers: { cookie },
    });
    expect(JSON.stringify(list.json())).not.toContain('Build');
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/teams?search=a%00b`,
      headers: { cookie },
    });
    expect(search.statusCode).toBe(400);
  });
});
