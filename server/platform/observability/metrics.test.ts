import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, makeEvent, makeUser, nextAddress, signIn, type TestApp } from '../../test/harness';
import { loadConfig } from '../config';
import { defineJob } from '../jobs';
import { countDeliveries } from '../mail/mailer';
import { startMetricsServer } from './metricsRoutes';

const TOKEN = 'scrape-token-0123456789';

describe('/metrics behind a bearer token on the public port', () => {
  let t: TestApp;
  let eventId: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    eventId = await makeEvent(t);
    const admin = await makeUser(t, eventId, 'admin');
    cookie = await signIn(t, admin.email);
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scraper without the token, or with another one (401, nothing about the process)', async () => {
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ']) {
      const res = await scrape(header);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('portal_http');
    }
  });

  it('counts requests by route pattern and status, never by the raw URL', async () => {
    const shell = `/api/events/${eventId}/shell`;
    expect((await t.app.inject({ method: 'GET', url: shell, headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: shell, remoteAddress: nextAddress() })).statusCode).toBe(
      401,
    );
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /portal_http_requests_total\{method="GET",route="\/api\/events\/:eventId\/shell",status="200"\} 1/,
    );
    expect(res.body).toMatch(/route="\/api\/events\/:eventId\/shell",status="401"\} 1/);
    expect(res.body).toMatch(
      /portal_http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/api\/events\/:eventId\/shell",status="200"\}/,
    );
    expect(res.body).not.toContain(eventId);
  });

  it('counts what no route matched as one label, whatever the path', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no-such/a1b2c3' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.body).toMatch(/route="unmatched",status="404"\} \d+/);
    expect(res.body).not.toContain('a1b2c3');
  });

  it('shows process memory, event-loop lag, jobs per queue and the database pool', async () => {
    const failing = defineJob('metrics-test-fails', z.object({}));
    failing.work(t.ctx, async () => {
      throw new Error('planned');
    });
    await failing.send(t.ctx, {});
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/process_resident_memory_bytes \d+/);
    expect(body).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(body).toMatch(/portal_jobs_total\{queue="metrics-test-fails",outcome="failed"\} 1/);
    expect(body).toContain('# TYPE portal_job_queue_depth gauge');
    if (inject('databaseUrl')) expect(body).toMatch(/portal_db_pool_connections\{state="total"\} [1-9]/);
  });

  it('counts emails sent and refused', async () => {
    let refuse = false;
    const mailer = countDeliveries({
      kind: 'smtp',
      deliver: async () => {
        if (refuse) throw new Error('550');
        return { messageId: 'm' };
      },
      close: async () => {},
    });
    const message = { to: 'a@x.io', from: 'b@x.io', subject: 's', text: 't', html: 'h', links: [] };
    await mailer.deliver(message);
    refuse = true;
    await expect(mailer.deliver(message)).rejects.toThrow('550');
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/portal_emails_total\{transport="smtp",outcome="sent"\} [1-9]/);
    expect(body).toMatch(/portal_emails_total\{transport="smtp",outcome="failed"\} [1-9]/);
  });
});

describe('/metrics is off by default on the public port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 without METRICS_TOKEN, token or not', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('portal_http');
  });

  it('is not in the API docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('METRICS_PORT: a port of its own', () => {
  it('serves only /metrics there, without a token', async () => {
    const server = await startMetricsServer(0, '127.0.0.1');
    try {
      const { port } = server.server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE portal_http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('is read from the configuration, off unless set; a short token is refused at start', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, token: undefined });
    expect(loadConfig({ METRICS_PORT: '', METRICS_TOKEN: '' }).metrics).toEqual({
      port: undefined,
      token: undefined,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }).metrics).toEqual({
      port: 9464,
      token: TOKEN,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN');
  });
});
