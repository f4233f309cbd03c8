import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX } from '../../../shared/tokens/api';
import { createTestApp, makeEvent, makeUser, nextAddress, signIn, type TestApp } from '../../test/harness';
import { auditEntries } from '../audit/tables';
import { apiTokens } from './tables';

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

describe('API tokens', () => {
  let t: TestApp;
  let eventId: string;
  let otherEventId: string;
  let adminCookie: string;
  let moderatorCookie: string;
  let otherAdminCookie: string;

  const create = async (body: object, cookie = adminCookie, event = eventId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${event}/api-tokens`,
      headers: { cookie },
      remoteAddress: nextAddress(),
      payload: body,
    });
  const make = async (scope: 'read' | 'write') => {
    const res = await create({ name: `CRM ${scope}`, scope, expiresAt: inAYear() });
    expect(res.statusCode).toBe(201);
    return res.json() as { token: { id: string }; secret: string };
  };
  const call = (
    secret: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
    extra = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}`, ...extra },
      remoteAddress: nextAddress(),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    otherEventId = await makeEvent(t, 'Other Expo');
    adminCookie = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    moderatorCookie = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    otherAdminCookie = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  });
  afterAll(() => t.close());

  it('an admin makes a token: the secret is shown once, with the prefix, and only its hash is stored', async () => {
    const { token, secret } = await make('read');
    expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(secret.length).toBeGreaterThan(40);
    const [row] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(API_TOKEN_PREFIX.length));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/api-tokens`,
      headers: { cookie: adminCookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().items[0]).toMatchObject({
      id: token.id,
      name: 'CRM read',
      scope: 'read',
      revokedAt: null,
    });
  });

  it('only admins manage tokens; bad input is a 400 in the words of the schema and stores nothing', async () => {
    const before = (await t.ctx.db.select().from(apiTokens)).length;
    const res = await create({ name: 'x', scope: 'read', expiresAt: inAYear() }, moderatorCookie);
    expect(res.statusCode).toBe(403);
    for (const body of [
      { name: '', scope: 'read', expiresAt: inAYear() },
      { name: 'x', scope: 'admin', expiresAt: inAYear() },
      { name: 'x', scope: 'read', expiresAt: 'tomorrow' },
      { name: 'x', scope: 'read', expiresAt: new Date(Date.now() - 1000).toISOString() },
    ]) {
      const bad = await create(body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error.message).toBe('Invalid API token');
    }
    expect((await t.ctx.db.select().from(apiTokens)).length).toBe(before);
    // Another event's admin cannot see or revoke this event's tokens.
    const { token } = await make('read');
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/events/${otherEventId}/api-tokens/${token.id}/revoke`,
      headers: { cookie: otherAdminCookie },
      payload: {},
    });
    expect(revoke.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/api-tokens`,
      headers: { cookie: otherAdminCookie },
    });
    expect(list.statusCode).toBe(404);
  });

  it('a read token reads its event, acting as its maker, and may not write (403, nothing stored)', async () => {
    const { secret } = await make('read');
    const read = await call(secret, 'GET', `/api/events/${eventId}/task-groups`);
    expect(read.statusCode).toBe(200);
    const write = await call(secret, 'POST', `/api/events/${eventId}/task-groups`, {
      title: 'By read token',
    });
    expect(write.statusCode).toBe(403);
    const groups = await call(secret, 'GET', `/api/events/${eventId}/task-groups`);
    expect(groups.body).not.toContain('By read token');
  });

  it('a write token writes without the CSRF rule and its write is audited as the token', async () => {
    const { token, secret } = await make('write');
    const write = await call(secret, 'POST', `/api/events/${eventId}/task-groups`, {
      title: 'By write token',
    });
    expect(write.statusCode).toBe(201);
    const entries = await t.ctx.db.select().from(auditEntries).where(eq(auditEntries.tokenId, token.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorKind: 'token',
      entityType: 'task-groups',
      action: 'create',
      eventId,
    });
    expect(entries[0].entityId).toBe(write.json().id);
  });

  it('another event is 404 with a token, as with a cookie', async () => {
    const { secret } = await make('write');
    const res = await call(secret, 'GET', `/api/events/${otherEventId}/task-groups`);
    expect(res.statusCode).toBe(404);
  });

  it('never reaches the account routes (403) and refuses a cookie beside a token (400)', async () => {
    const { secret } = await make('write');
    for (const [method, url, payload] of [
      ['GET', '/api/me', undefined],
      ['POST', '/api/auth/logout', {}],
      ['POST', '/api/auth/login', { email: 'a@b.test', password: 'x' }],
      ['PUT', '/api/me/current-event', { eventId }],
      ['PATCH', '/api/me', { firstName: 'T', surname: 'Oken' }],
    ] as const) {
      const res = await call(secret, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.message).toBe('API tokens cannot be used for this route');
    }
    const both = await call(secret, 'GET', `/api/events/${eventId}/task-groups`, undefined, {
      cookie: adminCookie,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toBe('Send either a session cookie or an API token, not both');
    // Tokens cannot mint tokens.
    const mint = await call(secret, 'POST', `/api/events/${eventId}/api-tokens`, {
      name: 'x',
      scope: 'write',
      expiresAt: inAYear(),
    });
    expect(mint.statusCode).toBe(403);
  });

  it('an unknown, expired or revoked token is 401; revoking is idempotent and shows when', async () => {
    expect(
      (await call(`${API_TOKEN_PREFIX}nope`, 'GET', `/api/events/${eventId}/task-groups`)).statusCode,
    ).toBe(401);
    expect((await call('', 'GET', `/api/events/${eventId}/task-groups`)).statusCode).toBe(401);
    const { token, secret } = await make('read');
    await t.ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, token.id));
    expect((await call(secret, 'GET', `/api/events/${eventId}/task-groups`)).statusCode).toBe(401);
    const live = await make('read');
    expect((await call(live.secret, 'GET', `/api/events/${eventId}/task-groups`)).statusCode).toBe(200);
    const revoke = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/api-tokens/${live.token.id}/revoke`,
        headers: { cookie: adminCookie },
        payload: {},
      });
    const first = await revoke();
    expect(first.statusCode).toBe(200);
    expect(first.json().revokedAt).not.toBeNull();
    expect((await revoke()).json().revokedAt).toBe(first.json().revokedAt);
    expect((await call(live.secret, 'GET', `/api/events/${eventId}/task-groups`)).statusCode).toBe(401);
  });

  it('records last use, at most once a minute', async () => {
    const { token, secret } = await make('read');
    await call(secret, 'GET', `/api/events/${eventId}/task-groups`);
    const [first] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(first.lastUsedAt).not.toBeNull();
    await call(secret, 'GET', `/api/events/${eventId}/task-groups`);
    const [second] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(second.lastUsedAt?.getTime()).toBe(first.lastUsedAt?.getTime());
  });

  it('the OpenAPI document declares the bearer scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('API tokens are rate-limited like a person', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 past the per-address limit', async () => {
    const eventId = await makeEvent(t);
    const cookie = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/api-tokens`,
      headers: { cookie },
      remoteAddress: nextAddress(),
      payload: { name: 'x', scope: 'read', expiresAt: inAYear() },
    });
    const { secret } = made.json();
    const address = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/task-groups`,
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress: address,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
