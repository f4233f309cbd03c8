import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsKit } from '../../modules/notifications/notificationsTestKit';
import { notifications } from '../../modules/notifications/tables';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { setBadRecordReporter } from '../badRecords';
import { loadConfig } from '../config';
import { registerErrorHandling } from '../http/errors';
import { createErrorReporter, parseDsn, scrubText } from './errorReports';

/** A loopback stand-in for Sentry: it keeps every envelope POSTed to it, with its headers. */
function receiver() {
  const envelopes: { url: string; auth: string; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      envelopes.push({ url: req.url ?? '', auth: String(req.headers['x-sentry-auth'] ?? ''), body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    envelopes,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          resolve(`http://publickey@127.0.0.1:${port}/42`);
        }),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The event of an envelope: its third line (envelope header, item header, payload). */
const eventOf = (body: string) => JSON.parse(body.split('\n')[2]) as Record<string, unknown>;

describe('DSN and scrubbing', () => {
  it('reads a Sentry or GlitchTip DSN into its envelope endpoint, and refuses what is not one', () => {
    expect(parseDsn('https://abc123@o1.ingest.sentry.io/4507')).toMatchObject({
      endpoint: 'https://o1.ingest.sentry.io/api/4507/envelope/',
      publicKey: 'abc123',
    });
    expect(parseDsn('http://k@glitchtip.local:8000/sub/7').endpoint).toBe(
      'http://glitchtip.local:8000/sub/api/7/envelope/',
    );
    for (const bad of [
      '',
      'not a url',
      'https://o1.ingest.sentry.io/4507',
      'https://k@host/project',
      'ftp://k@h/1',
    ])
      expect(() => parseDsn(bad)).toThrow(/SENTRY_DSN/);
  });

  it('masks e-mail addresses and token-like runs in a message', () => {
    expect(scrubText('No account for ada@example.com with token evp_9f8e7d6c5b4a3f2e1d0c9b8a7f6e')).toBe(
      'No account for [email] with token [token]',
    );
  });
});

describe('error reports sent to a loopback receiver', () => {
  const sentry = receiver();
  let dsn: string;
  beforeAll(async () => {
    dsn = await sentry.start();
  });
  afterAll(async () => {
    setBadRecordReporter(null);
    await sentry.stop();
  });

  it('sends an internal error with its request id and route, and no password, cookie or address', async () => {
    const reporter = createErrorReporter({ dsn, release: '10.13.3', environment: 'test' });
    const app = Fastify();
    registerErrorHandling(app, undefined, reporter);
    app.post('/api/events/:eventId/boom', async () => {
      throw new Error('lost the link for ada@example.com');
    });
    const before = sentry.envelopes.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/events/0b6c1f3e-0000-4000-8000-000000000001/boom?token=Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0',
      headers: { cookie: 'portal_session=s3cr3t-session-value', 'content-type': 'application/json' },
      payload: { email: 'ada@example.com', password: 'Correct horse battery staple' },
    });
    expect(res.statusCode).toBe(500);
    await reporter.flush();
    await app.close();

    expect(sentry.envelopes.length).toBe(before + 1);
    const sent = sentry.envelopes.at(-1);
    expect(sent?.url).toBe('/api/42/envelope/');
    expect(sent?.auth).toContain('sentry_key=publickey');
    const event = eventOf(sent?.body ?? '');
    expect(event).toMatchObject({
      level: 'error',
      release: '10.13.3',
      tags: { requestId: res.json().error.requestId, method: 'POST', route: '/api/events/:eventId/boom' },
    });
    expect(JSON.stringify(event)).toContain('lost the link for [email]');
    for (const secret of [
      'Correct horse',
      's3cr3t-session-value',
      'portal_session',
      'ada@example.com',
      'Zx9Yw8Vu7',
    ])
      expect(sent?.body).not.toContain(secret);
  });

  describe('in the app', () => {
    let t: TestApp;
    let eventId: string;
    let admin: string;
    beforeAll(async () => {
      t = await createTestApp({ SENTRY_DSN: dsn });
      eventId = await makeEvent(t);
      admin = await signIn(t, (await makeUser(t, eventId, 'admin')).email);
    });
    afterAll(async () => {
      await t.close();
      setBadRecordReporter(null);
    });

    it('is wired in by SENTRY_DSN: a record a reader drops is reported; without a DSN nothing is', async () => {
      const kit = notificationsKit(t, eventId);
      const bad = await kit.create(admin, { title: 'Hand-edited', action: 'publish' });
      await t.ctx.db
        .update(notifications)
        .set({ audience: 'martians' as never })
        .where(eq(notifications.id, bad.id));
      const before = sentry.envelopes.length;
      expect((await kit.call('GET', admin, '/notifications')).statusCode).toBe(200);
      await expect.poll(() => sentry.envelopes.length, { timeout: 10_000 }).toBe(before + 1);
      expect(eventOf(sentry.envelopes.at(-1)?.body ?? '')).toMatchObject({
        level: 'warning',
        tags: { kind: 'event notification', recordId: bad.id },
      });
      // Without a DSN the app installs no reporter, so nothing can leave.
      expect(loadConfig({ NODE_ENV: 'test' }).sentryDsn).toBeUndefined();
      expect(() => loadConfig({ NODE_ENV: 'test', SENTRY_DSN: 'https://no-key.example/1' })).toThrow(
        /SENTRY_DSN/,
      );
    });
  });
});
