import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailResponse } from '../../../../shared/emails/responsesApi';
import { systemActor } from '../../../platform/http/actor';
import { createTestApp, lastSentTo, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { writeSettings } from '../../events/settingsStore';
import { deliver } from '../delivery/service';
import { queueEmail, queueEmails } from '../service';
import { emailResponses, outboxEmails } from '../tables';
import { TRACKING_HITS_PER_MINUTE } from './routes';
import { addTracking, TRACKING_PATH } from './service';

const html =
  '<p>Read <a href="https://docs.example.org/guide?a=1&amp;b=2">the guide</a>, ' +
  '<a href="https://docs.example.org/guide?a=1&amp;b=2">again</a>, ' +
  '<a href="https://portal.example.test/set-password?token=secret">set it</a> ' +
  'or <a href="mailto:help@example.org">write</a>.</p>';

describe('addTracking: the open pixel and click-through links added as an email is sent', () => {
  it('rewrites each web link once, leaves one-time and mail links direct, and adds the pixel', () => {
    const tracked = addTracking(`<html><body>${html}</body></html>`, 'https://app.example/', 'tok');
    expect(tracked.links).toEqual(['https://docs.example.org/guide?a=1&b=2']);
    expect(tracked.html.match(/app\.example\/api\/email-tracking\/tok\/links\/0"/g)).toHaveLength(2);
    expect(tracked.html).toContain('href="https://portal.example.test/set-password?token=secret"');
    expect(tracked.html).toContain('href="mailto:help@example.org"');
    expect(tracked.html).toMatch(
      /<img src="https:\/\/app\.example\/api\/email-tracking\/tok\/open\.gif"[^>]*><\/body>/,
    );
  });
});

describe('open and click tracking (no SMTP: the outbox)', () => {
  let t: TestApp;
  let eventId: string;
  let user: Awaited<ReturnType<typeof makeUser>>;
  let token: string;
  let outboxId: string;
  const get = (url: string, remoteAddress = '203.0.113.7') =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'user-agent': 'MailApp/1.0' } });

  beforeAll(async () => {
    t = await createTestApp();
    eventId = await makeEvent(t);
    user = await makeUser(t, eventId, 'user');
    [outboxId] = await queueEmails(t.ctx.db, systemActor(eventId), [
      {
        kind: 'formNotification',
        to: user.email,
        content: { subject: 'Stand build', text: 'x', html, links: [] },
      },
    ]);
    await deliver(t.ctx, outboxId);
    const [row] = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.id, outboxId));
    token = row.trackingToken as string;
  });
  afterAll(() => t.close());

  it('sends the tracked HTML but stores the clean copy, with an unguessable token', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sent = lastSentTo(t, user.email);
    expect(sent?.html).toContain(`https://portal.example.test${TRACKING_PATH}/${token}/open.gif`);
    expect(sent?.html).toContain(`${TRACKING_PATH}/${token}/links/0`);
    const [row] = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.id, outboxId));
    expect(row.html).not.toContain(TRACKING_PATH);
    expect(row.trackedLinks).toEqual(['https://docs.example.org/guide?a=1&b=2']);
  });

  it('logs the first open with the reader, a click with its link, and redirects only to that link', async () => {
    const pixel = await get(`${TRACKING_PATH}/${token}/open.gif`);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    await get(`${TRACKING_PATH}/${token}/open.gif`);
    const click = await get(`${TRACKING_PATH}/${token}/links/0`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://docs.example.org/guide?a=1&b=2');

    const rows = await t.ctx.db.select().from(emailResponses).where(eq(emailResponses.outboxId, outboxId));
    expect(rows.filter((row) => row.type === 'open')).toHaveLength(1);
    expect(rows.find((row) => row.type === 'open')).toMatchObject({
      userId: user.id,
      eventId,
      userAgent: 'MailApp/1.0',
      ipAddress: '203.0.113.7',
    });
    expect(rows.find((row) => row.type === 'click')?.details).toBe(
      'Clicked https://docs.example.org/guide?a=1&b=2',
    );
    const moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/users/${user.id}/emails`,
      headers: { cookie: moderator },
    });
    const types = (listed.json().items as EmailResponse[]).map((item) => item.type);
    expect(types).toEqual(expect.arrayContaining(['pending', 'open', 'click']));
  });

  it('refuses a link the email did not hold, an unknown token and a malformed one', async () => {
    expect((await get(`${TRACKING_PATH}/${token}/links/1`)).statusCode).toBe(404);
    const unknown = 'A'.repeat(43);
    expect((await get(`${TRACKING_PATH}/${unknown}/links/0`)).statusCode).toBe(404);
    expect((await get(`${TRACKING_PATH}/${unknown}/open.gif`)).statusCode).toBe(404);
    expect((await get(`${TRACKING_PATH}/short/links/0`)).statusCode).toBe(400);
    expect((await get(`${TRACKING_PATH}/${token}/links/x`)).statusCode).toBe(400);
  });

  it('limits how often one address may call them', async () => {
    const url = `${TRACKING_PATH}/${token}/open.gif`;
    for (let i = 0; i < TRACKING_HITS_PER_MINUTE; i++) {
      expect((await get(url, '198.51.100.9')).statusCode).toBe(200);
    }
    const refused = await get(url, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Too many requests. Please try again later.');
    expect((await get(url, '198.51.100.10')).statusCode).toBe(200);
  });
});

describe("the event's fromEmail is the sender of its emails (SMTP)", () => {
  let server: SMTPServer;
  let t: TestApp;
  const received: { from: string; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({ from, raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Portal <portal@expo.example.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const sendOne = async (eventId: string | null) => {
    const content = { subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', links: [] };
    const id = await queueEmail(t.ctx.db, {
      eventId,
      kind: 'formNotification',
      to: 'someone@example.test',
      content,
      actor: 'system',
    });
    await deliver(t.ctx, id);
    return received.at(-1) as { from: string; raw: string };
  };

  it("sends from the event's fromEmail under the event's name, else from MAIL_FROM", async () => {
    const eventId = await makeEvent(t, 'Harbour Expo');
    const before = await sendOne(eventId);
    expect(before.from).toBe('portal@expo.example.test');
    await writeSettings(t.ctx.db, eventId, 'emails', { fromEmail: 'hello@harbour.example' }, 'system');
    const after = await sendOne(eventId);
    expect(after.from).toBe('hello@harbour.example');
    expect(after.raw).toMatch(/^From: Harbour Expo <hello@harbour\.example>$/m);
    // Another event, and emails of no event, keep MAIL_FROM.
    expect((await sendOne(await makeEvent(t, 'Other'))).from).toBe('portal@expo.example.test');
    const platform = await sendOne(null);
    expect(platform.raw).toMatch(/^From: Portal <portal@expo\.example\.test>$/m);
  });
});
