import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/http/errors';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';

/**
 * Issue 12: every route of the OpenAPI document, sent malformed text (NUL, lone surrogates, control
 * characters) and odd values in its body, query and path by fast-check: never a 5xx, every failure
 * in the error shape, and the server still answers afterwards.
 */

type JsonSchema = { properties?: Record<string, unknown>; type?: string };
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Route = { method: string; path: string; op: Operation };

const NASTY = [
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u0000',
  '\u0001\u001f',
  "'; drop table x;--",
  '%00',
  '../..',
];
const nastyString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ maxLength: 12 }).map((s) => `${s}\u0000`),
);
const nastyValue = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 2 }),
);

/** Session-ending routes go last, so every other route is tried signed in. */
const ENDS_SESSION = /\/auth\/logout|\/api\/me$|\/sessions|\/password|\/email/;

describe('fuzzing every route of the OpenAPI document', () => {
  let t: TestApp;
  let eventId: string;
  let email: string;
  let routes: Route[];
  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    ({ email } = await makeUser(t, eventId, 'admin'));
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
      )
      .sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)));
  });
  afterAll(() => t.close());

  it('never answers 5xx, always answers failures in the error shape, and keeps answering', async () => {
    expect(routes.length).toBeGreaterThan(100);
    let cookie = await signIn(t, email);
    let tried = 0;
    for (const route of routes) {
      const bodySchema = route.op.requestBody?.content?.['application/json']?.schema;
      // Every field the schema names, so required fields are there and each value gets tried.
      const bodyKeys = Object.keys(bodySchema?.properties ?? {});
      if (!bodyKeys.length) bodyKeys.push('text');
      const queryNames = (route.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      await fc.assert(
        fc.asyncProperty(
          fc.record(Object.fromEntries(bodyKeys.map((key) => [key, nastyValue]))),
          fc.dictionary(fc.constantFrom(...(queryNames.length ? queryNames : ['search'])), nastyString),
          fc.oneof(fc.constant(eventId), nastyString),
          async (body, query, pathValue) => {
            // The event id stays real most of the time so the route gets past its scope check.
            const url =
              route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
                encodeURIComponent(name === 'eventId' ? eventId : pathValue),
              ) + (Object.keys(query).length ? `?${new URLSearchParams(query)}` : '');
            const res = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: { cookie, 'x-requested-with': 'portal' },
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body }),
            });
            const where = `${route.method} ${url} ${JSON.stringify(body)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400)
              expect(errorBodySchema.safeParse(res.json()).success, where).toBe(true);
          },
        ),
        { numRuns: 4, seed: 12 },
      );
      tried++;
      if ((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode === 401) {
        cookie = await signIn(t, email);
      }
    }
    expect(tried).toBe(routes.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 240_000);
});
