import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamTypes } from '../../modules/people/tables';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { drain } from './drain';

/**
 * SIGTERM's drain on a real socket: a burst of writes is in flight when it starts. Every write the
 * server acknowledged (201) is stored, nothing refused is, readiness turns 503 first, and the
 * runtime (queue, database) closes only after the last answer.
 *
 * Runs on both engines. On PostgreSQL the requests in flight are answered side by side, and their
 * keep-alive connections used to outlive the close (Fastify ends only the connections idle at
 * that moment): the drain waited for Fastify's 72 s keep-alive timeout and SIGTERM exited 1. The
 * drain now ends each connection once its answer is sent; it must finish well inside its limit.
 */
/** Far under the production 30 s, far over a drain of 40 small writes even on a loaded machine. */
const DRAIN_LIMIT_MS = 15_000;

describe('drain (SIGTERM)', () => {
  let t: TestApp;
  let eventId: string;
  let cookie: string;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    cookie = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers the requests in flight, stores every acknowledged write, then closes the runtime', async () => {
    const create = (i: number) =>
      fetch(`${base}/api/events/${eventId}/team-types`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Drain type ${i}` }),
      })
        .then(async (res) => ({ i, status: res.status, body: await res.json().catch(() => null) }))
        .catch(() => ({ i, status: 0, body: null }));
    let received = 0;
    t.app.server.on('request', () => received++);
    const burst = Array.from({ length: 40 }, (_, i) => create(i));
    // Drain once requests have reached the server, while they (and the rest) are in flight.
    while (received < 10) await new Promise((resolve) => setTimeout(resolve, 1));
    let runtimeClosedAfter = -1;
    let answered = 0;
    for (const p of burst) void p.then(() => answered++);
    const readyDuring = t.app.inject({ method: 'GET', url: '/api/ready' });
    const drainStarted = performance.now();
    const code = await drain(
      [t.app],
      async () => {
        runtimeClosedAfter = answered;
      },
      pino({ level: 'silent' }),
      DRAIN_LIMIT_MS,
    );
    const drainMs = performance.now() - drainStarted;
    const results = await Promise.all(burst);
    expect(code).toBe(0);
    expect(drainMs).toBeLessThan(DRAIN_LIMIT_MS);
    expect((await readyDuring).statusCode).toBe(503);

    const acknowledged = results.filter((r) => r.status === 201);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Whatever was not acknowledged was refused whole: 503 while closing, or no connection at all.
    for (const r of results) expect([201, 503, 0]).toContain(r.status);
    const stored = await t.ctx.db.select().from(teamTypes).where(eq(teamTypes.eventId, eventId));
    expect(stored.map((row) => row.name).sort()).toEqual(acknowledged.map((r) => `Drain type ${r.i}`).sort());
    // Every request the server had accepted was answered before the runtime closed.
    expect(runtimeClosedAfter).toBeGreaterThanOrEqual(acknowledged.length);
  });
});
