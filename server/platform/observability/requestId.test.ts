import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/http/errors';
import { buildApp } from '../../app';
import { createTestApp, nextAddress, type TestApp } from '../../test/harness';
import type { App } from '../http/types';
import { requestIdOf } from './requestId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let t: TestApp;
  let app: App;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    // A second app on the same context, logging into `lines`, with a route that fails.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp(t.ctx, { logger: pino({ level: 'info' }, sink) });
    app.get('/api/test-failure', { config: { public: true } }, async (request) => {
      request.log.info('about to fail');
      throw new Error('planned failure');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('answers every request with an X-Request-Id, a fresh UUID when none came in', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("keeps a well-formed incoming id (a load balancer's) and replaces anything else", async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a9c21e0' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21e0');
    for (const bad of [
      'short',
      'has space 12345',
      'line\nbreak1234',
      '<script>alert(1)</script>',
      'x'.repeat(200),
    ]) {
      const id = requestIdOf({ headers: { 'x-request-id': bad } } as never);
      expect(id, bad).toMatch(UUID);
    }
  });

  it('puts the id in every error body, the same as the header', async () => {
    const unauthenticated = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      remoteAddress: nextAddress(),
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().error.requestId).toBe(unauthenticated.headers['x-request-id']);
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(notFound.json()).toEqual({
      error: { code: 'not-found', message: 'Not Found', requestId: notFound.headers['x-request-id'] },
    });
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextAddress(),
      payload: { email: 'not an email' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(errorBodySchema.parse(invalid.json()).error.requestId).toBe(invalid.headers['x-request-id']);
  });

  it('a 500 says only the spec words and the id; every log line of the request carries the id', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/test-failure',
      headers: { 'x-request-id': 'support-case-0042' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        code: 'internal',
        message: 'Something went wrong. Please try again later',
        requestId: 'support-case-0042',
      },
    });
    const mine = lines.filter((l) => l.reqId === 'support-case-0042');
    expect(mine.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'about to fail', 'request failed', 'request completed']),
    );
    // The stack trace is in the log, never in the answer.
    expect(JSON.stringify(mine)).toContain('planned failure');
    expect(res.body).not.toContain('planned failure');
  });
});
