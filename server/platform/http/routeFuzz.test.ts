import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Permission } from '../../../shared/auth/permissions';
import { sectionsBodySchema } from '../../../shared/content/api';
import { downloadBodySchema } from '../../../shared/downloads/schema';
import { errorBodySchema } from '../../../shared/http/errors';
import { notificationBodySchema } from '../../../shared/notifications/api';
import { layoutBodySchema } from '../../../shared/portal/cardLayouts';
import { featuredBodySchema } from '../../../shared/portal/featured';
import { sidebarSchema } from '../../../shared/portal/sidebar';
import { sessionBodySchema, trackBodySchema } from '../../../shared/timetable/schema';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { arbitraryFromSchema, hostileString, type JsonSchema } from '../../test/schemaArbitrary';

/**
 * Issue 12: every route of the OpenAPI document, for every role and signed out, with values drawn
 * from the route's own schemas (body, params, query): well-shaped values most of the time so the
 * route gets past validation into its service, with hostile text in the string fields (NUL, lone
 * surrogates, formula prefixes, markup, very long and unusual unicode), odd numbers, unknown keys
 * and another event's ids. Never a 5xx, every failure in the error shape, the server still answers.
 */

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Route = { method: string; path: string; op: Operation };

/**
 * Routes that take an open body in the document and check it in their service with the shared
 * schema (for the spec's own message): the fuzz draws from that schema instead.
 */
const SERVICE_CHECKED_BODIES: Record<string, z.ZodType> = {
  'POST /api/events/{eventId}/downloads': downloadBodySchema,
  'PUT /api/events/{eventId}/downloads/{downloadId}': downloadBodySchema,
  'PUT /api/events/{eventId}/content/{contentId}/sections': sectionsBodySchema,
  'POST /api/events/{eventId}/notifications': notificationBodySchema,
  'PUT /api/events/{eventId}/notifications/{notificationId}': notificationBodySchema,
  'POST /api/events/{eventId}/card-layouts': layoutBodySchema,
  'PUT /api/events/{eventId}/card-layouts/{layoutId}': layoutBodySchema,
  'PUT /api/events/{eventId}/featured-pages': featuredBodySchema,
  'PUT /api/events/{eventId}/sidebar': sidebarSchema,
  'POST /api/events/{eventId}/time-table/sessions': sessionBodySchema,
  'PUT /api/events/{eventId}/time-table/sessions/{sessionId}': sessionBodySchema,
  'POST /api/events/{eventId}/time-table/tracks': trackBodySchema,
  'PUT /api/events/{eventId}/time-table/tracks/{trackId}': trackBodySchema,
};

/** Signed out, then each level of membership in the event (platform staff sits above admin). */
const ROLES: (Permission | 'anonymous')[] = ['anonymous', 'user', 'reportViewer', 'moderator', 'admin'];
/** Per route and role: enough to reach past validation, bounded so both engines run it in CI. */
const RUNS_PER_ROUTE = 2;

/** Session-ending routes go last, so every other route is tried signed in. */
const ENDS_SESSION = /\/auth\/logout|\/api\/me$|\/sessions|\/password|\/email/;

const isOpen = (schema: JsonSchema | undefined) =>
  !schema || (!schema.properties && !schema.anyOf && !schema.oneOf && schema.type !== 'array');

function bodySchemaOf(route: Route, fallback: JsonSchema): JsonSchema {
  const declared = route.op.requestBody?.content?.['application/json']?.schema;
  const checked = SERVICE_CHECKED_BODIES[`${route.method} ${route.path}`];
  if (checked)
    return z.toJSONSchema(checked, {
      io: 'input',
      unrepresentable: 'any',
      target: 'openapi-3.0',
    }) as JsonSchema;
  return isOpen(declared) ? fallback : (declared as JsonSchema);
}

/** Every field named by any body in the document: what an open body is tried with. */
function everyBodyField(routes: Route[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const route of routes)
    Object.assign(properties, route.op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  return { type: 'object', properties };
}

describe('fuzzing every route of the OpenAPI document from its schemas', () => {
  let t: TestApp;
  let eventId: string;
  let ids: string[];
  let routes: Route[];
  const emails = new Map<string, string>();
  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    const otherEventId = await makeEvent(t, 'Other Expo');
    for (const role of ROLES)
      if (role !== 'anonymous') emails.set(role, (await makeUser(t, eventId, role)).email);
    // Another event's ids (its event and a person in it) and ids nobody has.
    const stranger = await makeUser(t, otherEventId, 'admin');
    ids = [
      eventId,
      otherEventId,
      stranger.id,
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
    ];
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

  it.each(
    ROLES,
  )('as %s: never 5xx, failures in the error shape, the server keeps answering', async (role) => {
    expect(routes.length).toBeGreaterThan(200);
    const fallbackBody = everyBodyField(routes);
    const email = emails.get(role);
    const freshCookie = async () => (email ? await signIn(t, email) : '');
    let cookie = await freshCookie();
    let tried = 0;
    for (const route of routes) {
      const parameters = route.op.parameters ?? [];
      const valuesOf = (where: string) =>
        fc.record(
          Object.fromEntries(
            parameters
              .filter((p) => p.in === where)
              .map((p) => [p.name, arbitraryFromSchema(p.schema, { ids })]),
          ),
          { requiredKeys: parameters.filter((p) => p.in === where && p.required).map((p) => p.name) },
        );
      const sendsBody = route.method !== 'GET' && route.method !== 'DELETE';
      await fc.assert(
        fc.asyncProperty(
          sendsBody
            ? arbitraryFromSchema(bodySchemaOf(route, fallbackBody), { ids })
            : fc.constant(undefined),
          valuesOf('path'),
          valuesOf('query'),
          fc.option(hostileString, { freq: 4 }),
          fc.nat(4),
          async (body, params, query, search, dice) => {
            // The event stays the member's own most of the time, so the route gets past its scope.
            const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
              encodeURIComponent(String(name === 'eventId' && dice > 0 ? eventId : params[name])),
            );
            const search_ = new URLSearchParams(
              Object.entries(query).map(([key, value]) => [
                key,
                typeof value === 'string' ? value : JSON.stringify(value),
              ]),
            );
            if (search !== null) search_.set('search', search);
            const url = `${path}${search_.size ? `?${search_}` : ''}`;
            const res = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: { cookie, 'x-requested-with': 'portal', 'content-type': 'application/json' },
              ...(sendsBody ? { payload: JSON.stringify(body ?? null) } : {}),
            });
            const where = `${role} ${route.method} ${url} ${JSON.stringify(body)?.slice(0, 500)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400)
              expect(errorBodySchema.safeParse(res.json()).success, where).toBe(true);
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 12 },
      );
      tried++;
      if (
        email &&
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode === 401
      )
        cookie = await freshCookie();
    }
    expect(tried).toBe(routes.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 300_000);
});
