import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailResponse, ResendResponse } from '../../../../shared/emails/responsesApi';
import { systemActor } from '../../../platform/http/actor';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../../test/harness';
import { deliver } from '../delivery/service';
import { queueEmails } from '../service';
import { emailResponses, outboxEmails } from '../tables';

const content = (subject: string) => ({
  subject,
  text: `${subject} text`,
  html: `<p>${subject}</p>`,
  links: [],
});

/** An app, an event, a moderator, a user and someone of another event, for both engines of mail. */
async function world(t: TestApp) {
  const eventId = await makeEvent(t);
  const otherEventId = await makeEvent(t, 'Other Show');
  const moderator = await signIn(t, (await makeUser(t, eventId, 'moderator')).email);
  const user = await makeUser(t, eventId, 'user', { firstName: 'Uma' });
  const userCookie = await signIn(t, user.email);
  const otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
  const send = async (kind: 'formNotification' | 'setPassword', subject: string, to = user.email) => {
    const [id] = await queueEmails(t.ctx.db, systemActor(eventId), [{ kind, to, content: content(subject) }]);
    await deliver(t.ctx, id).catch(() => undefined);
    return id;
  };
  const call = (cookie: string, path = '', payload?: object, event = eventId, userId = user.id) =>
    t.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/events/${event}/users/${userId}/emails${path}`,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
  return { eventId, otherEventId, moderator, user, userCookie, otherAdmin, send, call };
}

describe('the email delivery log, with no SMTP: every email logged pending, listed per user, resent', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await world(t);
  });
  afterAll(() => t.close());

  it("logs a kept email as pending with its user, lists the user's emails to organisers only", async () => {
    const outboxId = await w.send('formNotification', 'Stand build');
    const listed = await w.call(w.moderator);
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().items as EmailResponse[];
    const entry = items.find((item) => item.outboxId === outboxId);
    expect(entry).toMatchObject({
      type: 'pending',
      recipient: w.user.email,
      templateId: 'formNotification',
      subject: 'Stand build',
      userId: w.user.id,
      messageId: outboxId,
    });
    expect((await w.call(w.userCookie)).statusCode).toBe(403);
    expect((await w.call(w.otherAdmin, '', undefined, w.otherEventId)).statusCode).toBe(404);
  });

  it('resends chosen emails as new outbox emails, refuses one-time links in the spec words, and bad ids', async () => {
    await w.send('setPassword', 'Set your password');
    const items = (await w.call(w.moderator)).json().items as EmailResponse[];
    const notification = items.find((item) => item.templateId === 'formNotification') as EmailResponse;
    const link = items.find((item) => item.templateId === 'setPassword') as EmailResponse;
    const before = (await t.ctx.db.select().from(outboxEmails)).length;
    const res = await w.call(w.moderator, '/resend', { ids: [notification.id, link.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ResendResponse;
    expect(body.sentIds).toEqual([notification.id]);
    expect(body.failed).toEqual([
      { id: link.id, error: 'link - This email held a one-time link; send a new one instead' },
    ]);
    expect(body.message).toBe(
      'Failed to send 1 emails: Email 2: link - This email held a one-time link; send a new one instead',
    );
    const after = await t.ctx.db.select().from(outboxEmails);
    expect(after).toHaveLength(before + 1);
    expect((await w.call(w.moderator)).json().items).toHaveLength(items.length + 1);

    expect((await w.call(w.moderator, '/resend', { ids: [] })).statusCode).toBe(400);
    expect((await w.call(w.userCookie, '/resend', { ids: [notification.id] })).statusCode).toBe(403);
    // Another user's entry, through this user's path, is not found; and nothing is sent.
    const other = await makeUser(t, w.eventId, 'user');
    const refused = await w.call(w.moderator, '/resend', { ids: [notification.id] }, w.eventId, other.id);
    expect(refused.statusCode).toBe(404);
    expect(await t.ctx.db.select().from(outboxEmails)).toHaveLength(before + 1);
  });
});

describe("paging a user's email log: 100 a page, newest first", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a page of 100 with the total, the next page with the rest, and refuses page 0', async () => {
    const w = await world(t);
    const outboxId = await w.send('formNotification', 'Daily digest');
    const start = Date.parse('2020-01-01T00:00:00Z');
    await t.ctx.db.insert(emailResponses).values(
      Array.from({ length: 104 }, (_, i) => ({
        outboxId,
        eventId: w.eventId,
        messageId: `m${i}`,
        type: 'open' as const,
        recipient: w.user.email,
        templateId: 'formNotification',
        userId: w.user.id,
        details: `open ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const first = await w.call(w.moderator, '');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ total: 105, page: 1, pageSize: 100 });
    expect(first.json().items).toHaveLength(100);
    const second = (await w.call(w.moderator, '?page=2')).json();
    expect(second.items).toHaveLength(5);
    // Newest first across the pages: the oldest open is the last item of the last page.
    expect(second.items.at(-1).details).toBe('open 0');
    const seen = new Set([...first.json().items, ...second.items].map((item: EmailResponse) => item.id));
    expect(seen.size).toBe(105);
    expect((await w.call(w.moderator, '?page=0')).statusCode).toBe(400);
  });
});

describe('the email delivery log over SMTP: acceptance is a delivery, a permanent refusal a bounce', () => {
  let server: SMTPServer;
  let t: TestApp;
  let w: Awaited<ReturnType<typeof world>>;
  const refuse = new Set<string>();
  /** The Message-ID header of every message the relay accepted, in order. */
  const messageIds: string[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const refusal = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(refuse.has(address.address) ? refusal : null);
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          messageIds.push(
            Buffer.concat(chunks)
              .toString('utf8')
              .match(/^Message-ID: (.*)$/im)?.[1]
              .trim() ?? '',
          );
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'portal@expo.example.test' });
    w = await world(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("logs the SMTP server's message id on delivery, the refusal on bounce, and resend reports '{code} - {message}'", async () => {
    const delivered = await w.send('formNotification', 'Accepted');
    refuse.add(w.user.email);
    const bounced = await w.send('formNotification', 'Refused');
    const rows = await t.ctx.db.select().from(emailResponses).where(eq(emailResponses.userId, w.user.id));
    const ok = rows.find((row) => row.outboxId === delivered);
    expect(ok?.type).toBe('delivery');
    expect(ok?.messageId).toMatch(/^<.+@.+>$/);
    const bounce = rows.find((row) => row.outboxId === bounced);
    expect(bounce?.type).toBe('bounce');
    expect(bounce?.details).toMatch(/^550 - /);

    const res = await w.call(w.moderator, '/resend', { ids: [ok?.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ResendResponse;
    expect(body.sentIds).toEqual([]);
    expect(body.failed[0].error).toMatch(/^550 - /);
    expect(body.message).toMatch(/^Failed to send 1 emails: Email 1: 550 - /);
  });

  it('sends an email again after a crash under the same Message-ID, so mail clients see one message', async () => {
    refuse.clear();
    const id = await w.send('formNotification', 'Sent, then the process died');
    expect(messageIds.at(-1)).toBe(`<${id}@expo.example.test>`);
    // The relay accepted it, and the process died before recording that: the row is still queued.
    await t.ctx.db.update(outboxEmails).set({ status: 'queued' }).where(eq(outboxEmails.id, id));
    await deliver(t.ctx, id);
    expect(messageIds.slice(-2)).toEqual([`<${id}@expo.example.test>`, `<${id}@expo.example.test>`]);
    const other = await w.send('formNotification', 'Another email');
    expect(messageIds.at(-1)).toBe(`<${other}@expo.example.test>`);
  });
});
