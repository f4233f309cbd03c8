import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver } from '../../modules/emails/delivery/service';
import { outboxEmails } from '../../modules/emails/tables';
import {
  APP_URL,
  createTestApp,
  lastEmailTo,
  makeEvent,
  makeUser,
  nextAddress,
  type TestApp,
} from '../../test/harness';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP peer: the portal's mailer talks to it exactly as it would to a mail relay. */
describe('email over SMTP (SMTP_URL set)', () => {
  let server: SMTPServer;
  let t: TestApp;
  let eventId: string;
  const received: Received[] = [];
  const refuse = new Set<string>();

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(refuse.has(address.address) ? new Error('Mailbox unavailable') : null);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          received.push({
            from,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Expo Portal <portal@expo.example.test>',
    });
    eventId = await makeEvent(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const forgot = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: nextAddress(),
    });

  it('delivers the reset email with its link to the SMTP server and marks the outbox row sent', async () => {
    const user = await makeUser(t, eventId, 'user', { firstName: 'Otto' });
    const res = await forgot(user.email);
    expect(res.statusCode).toBe(200);
    const message = received.find((m) => m.to.includes(user.email));
    expect(message).toBeDefined();
    expect(message?.from).toBe('portal@expo.example.test');
    const row = await lastEmailTo(t, user.email);
    expect(row.status).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
    // The raw message carries the subject and the live link; once sent, the outbox keeps the link
    // with its token redacted (quoted-printable may wrap the raw message).
    const unfolded = message?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
    expect(unfolded).toContain('Subject: Reset your password for Expo 2027');
    const sentToken = unfolded.match(/reset-password\?token=([\w%-]+)/)?.[1] ?? '';
    expect(sentToken.length).toBeGreaterThan(20);
    expect(row.links).toEqual([`${APP_URL}/auth/reset-password?token=redacted`]);
    expect(JSON.stringify(row)).not.toContain(sentToken);
  });

  it('marks the outbox row failed with the reason when the server refuses, and still answers ok', async () => {
    const user = await makeUser(t, eventId, 'user');
    refuse.add(user.email);
    const res = await forgot(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
    expect(row.status).toBe('failed');
    expect(row.error).toContain('Mailbox unavailable');
    expect(received.some((m) => m.to.includes(user.email))).toBe(false);
  });

  it('redacts the token of an email that failed, and a retry in the same process still sends the live link', async () => {
    const user = await makeUser(t, eventId, 'user');
    refuse.add(user.email);
    await forgot(user.email);
    const [failed] = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, user.email));
    expect(failed.status).toBe('failed');
    expect(failed.links).toEqual([`${APP_URL}/auth/reset-password?token=redacted`]);
    expect(failed.text).not.toMatch(/token=(?!redacted)/);
    expect(failed.html).not.toMatch(/token=(?!redacted)/);

    // The job's retry (pg-boss runs deliver again) once the mailbox accepts mail.
    refuse.delete(user.email);
    await deliver(t.ctx, failed.id);
    const message = received.find((m) => m.to.includes(user.email));
    const unfolded = message?.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
    const sentToken = unfolded.match(/reset-password\?token=([\w%-]+)/)?.[1] ?? '';
    expect(sentToken.length).toBeGreaterThan(20);
    const [sent] = await t.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.id, failed.id));
    expect(sent.status).toBe('sent');
    expect(JSON.stringify(sent)).not.toContain(sentToken);
  });
});
