import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { APP_VERSION } from '../../../shared/ui/constants';
import { buildApp } from '../../app';
import { accounts, sessions } from '../../modules/auth/tables';
import { createEvent } from '../../modules/events/service';
import { events, settings } from '../../modules/events/tables';
import { createTestApp, makeEvent, makeUser, nextAddress, signIn, type TestApp } from '../../test/harness';
import { ROOT_DIR } from '../paths';
import { countsTowardRateLimit } from './security';

describe('health, documentation and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers ok with the version and the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      version: APP_VERSION,
      database: inject('databaseUrl') ? 'postgres' : 'pglite',
    });
  });

  it('sends security headers: a content security policy of our own origin, no sniffing, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends a hashed asset only the headers a script needs, not the page's policy", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/none-abc123.js' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/assets-list' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('GET /api/docs/json lists every route of docs/api.md, and no route the docs leave out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = [
      ...readFileSync(join(ROOT_DIR, 'docs/api.md'), 'utf8').matchAll(
        /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/api\/\S+)\s*\|/gm,
      ),
    ]
      .map(([, method, path]) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    const served = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    for (const route of [
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'GET /api/me',
      'GET /api/setup',
      'POST /api/setup',
      'GET /api/events/{eventId}/shell',
      'GET /api/events/{eventId}/users',
    ]) {
      expect(served).toContain(route);
    }
    expect(served).toEqual(documented);
  });

  it('documents the request body of a route from its Zod schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const login = doc.paths['/api/auth/login'].post;
    const schema = login.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['email', 'password', 'eventId']));
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
  });
});

describe('bad input and failure', () => {
  let t: TestApp;
  let eventId: string;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    ({ email } = await makeUser(t, eventId, 'admin'));
  });
  afterAll(() => t.close());

  it('refuses a mutation that is neither JSON nor marked X-Requested-With (CSRF defence) with 415', async () => {
    const cookie = await signIn(t, email);
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'x=1'],
      ['text/plain', '{}'],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({
        error: { code: 'validation', message: 'Send the request body as JSON.' },
      });
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(email)}&password=correct-horse-battery`,
    });
    expect(form.statusCode).toBe(415);
    expect(form.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    // None of the refused requests ended the session.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('lets a body-less mutation through with X-Requested-With', async () => {
    const cookie = await signIn(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'x-requested-with': 'portal' },
    });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses a body over 1 MB with 413 payload-too-large and changes nothing', async () => {
    const cookie = await signIn(t, email);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(1024 * 1024), surname: 'Big' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: { code: 'payload-too-large', message: 'The request is too large.' },
    });
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account.surname).toBe('admin');
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation', message: 'Bad Request' } });
  });

  it('answers an unknown route with 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['DELETE', '/api/me'],
      ['GET', '/some/client/path'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-requested-with': 'portal' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not-found', message: 'Not Found' } });
    }
  });

  it('refuses to start with a route whose guards are in preHandler, or with no guard and not public', async () => {
    for (const options of [{ preHandler: [async () => {}] }, {}]) {
      const app = await buildApp(t.ctx);
      expect(() => app.get('/api/test-unguarded', options, async () => ({}))).toThrow(/preValidation/);
      await app.close();
    }
  });

  it('turns an anonymous caller away with 401 before it looks at a bad body', async () => {
    const eventId = await makeEvent(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/task-groups`,
      headers: { 'x-requested-with': 'portal' },
      payload: { title: 42, unknown: ['x'] },
    });
    expect(res.statusCode).toBe(401);
    expect(JSON.stringify(res.json())).not.toContain('title');
  });

  it('answers a path event id that is not a UUID with 400, not a database error', async () => {
    const admin = await makeUser(t, await makeEvent(t), 'admin');
    const cookie = await signIn(t, admin.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/events/not-a-uuid/tasks',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation');
  });

  it('answers a JSON body over 1 MB with 413 in the error shape, over a real socket (no broken pipe)', async () => {
    const app = await buildApp(t.ctx);
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = app.server.address() as { port: number };
      for (const size of [2_000_000, 8_000_000]) {
        const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
          body: JSON.stringify({ email: 'a'.repeat(size), password: 'x' }),
        });
        expect(res.status, `${size}`).toBe(413);
        expect(await res.json()).toMatchObject({
          error: { code: 'payload-too-large', message: 'The request is too large.' },
        });
      }
    } finally {
      await app.close();
    }
  });

  it('answers an unexpected error with 500, a generic message and no stack trace', async () => {
    const app = await buildApp(t.ctx);
    app.get('/api/test-crash', { config: { public: true } }, async () => {
      throw new Error('connection string postgres://secret@db failed');
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-crash' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        error: { code: 'internal', message: 'Something went wrong. Please try again later' },
      });
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toMatch(/\bat .*\.ts:\d+/);
    } finally {
      await app.close();
    }
  });

  it('answers a missing settings document with 500 and the spec text, no stack trace', async () => {
    const broken = await makeEvent(t, 'Broken Show');
    const { email: member } = await makeUser(t, broken, 'user');
    const cookie = await signIn(t, member);
    await t.ctx.db.delete(settings).where(and(eq(settings.eventId, broken), eq(settings.name, 'branding')));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${broken}/shell`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: { code: 'internal', message: 'No branding settings found' } });
  });

  it('leaves nothing behind when a transaction fails midway', async () => {
    const before = await t.ctx.db.select({ id: events.id }).from(events);
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await createEvent(
          tx,
          {
            eventName: 'Half Made',
            shortName: 'Half',
            startDate: '2027-01-01',
            endDate: '2027-01-02',
            timeZone: 'UTC',
            appUrl: 'https://half.example',
          },
          'system',
        );
        throw new Error('crash after the event was written');
      }),
    ).rejects.toThrow('crash after the event was written');
    const after = await t.ctx.db.select({ id: events.id, name: events.name }).from(events);
    expect(after).toHaveLength(before.length);
    expect(after.some((e) => e.name === 'Half Made')).toBe(false);
    const orphans = await t.ctx.db.select({ eventId: settings.eventId }).from(settings);
    expect(new Set(orphans.map((o) => o.eventId))).toEqual(new Set(after.map((e) => e.id)));
  });

  it('keeps sessions server-side: the cookie holds a token whose hash only is stored', async () => {
    const cookie = await signIn(t, email);
    const token = cookie.split('=')[1];
    const rows = await t.ctx.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });
});

describe('rate limit across the API', () => {
  it("counts API calls only, never the app's own files (a page load fetches dozens)", () => {
    expect(countsTowardRateLimit('/api/health')).toBe(true);
    expect(countsTowardRateLimit('/api/auth/login')).toBe(true);
    expect(countsTowardRateLimit('/assets/index-abc.js')).toBe(false);
    expect(countsTowardRateLimit('/icons/home.svg')).toBe(false);
    expect(countsTowardRateLimit('/auth/login')).toBe(false);
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 rate-limited past the limit per address, auth/too-many-requests on auth routes', async () => {
    const address = nextAddress();
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address })).statusCode,
      ).toBe(200);
    }
    const limited = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: { code: 'rate-limited', message: 'Too many requests. Please try again later.' },
    });
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: address,
      payload: { email: 'a@b.test' },
    });
    expect(auth.statusCode).toBe(429);
    expect(auth.json().error.code).toBe('auth/too-many-requests');
    // Another address is not affected.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: nextAddress() })).statusCode,
    ).toBe(200);
  });
});
