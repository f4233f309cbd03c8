/**
 * The receivers of bench/after-submission.bench.ts: a local SMTP server and a webhook endpoint that
 * count what arrives by the submission's unique reference (REF-nnnnnn) and keep the message ids, so
 * a lost or doubled delivery shows, and one resent after a crash (same id) is told from a new one.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** The reference every submission carries: in its emails and in its webhook's body. */
const REF = /REF-\d{6}/g;

/**
 * What reached the outside world: emails per recipient and reference, webhook bodies per reference,
 * caught by a local SMTP server and a local webhook receiver (both on 127.0.0.1, a free port each).
 */
export async function receivers() {
  const emails = new Map<string, number>();
  /** The Message-IDs per recipient and reference: an email sent again after a crash keeps its id. */
  const emailIds = new Map<string, Set<string>>();
  const webhooks = new Map<string, number>();
  /** The Standard Webhooks message ids per reference: a resend after a crash keeps its id. */
  const webhookIds = new Map<string, Set<string>>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const refs = new Set(raw.match(REF) ?? ['none']);
        const messageId = raw.match(/^Message-ID: (.*)$/im)?.[1].trim() ?? 'none';
        for (const to of session.envelope.rcptTo)
          for (const ref of refs) {
            const key = `${to.address}|${ref}`;
            emails.set(key, (emails.get(key) ?? 0) + 1);
            emailIds.set(key, (emailIds.get(key) ?? new Set()).add(messageId));
          }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const ref = Buffer.concat(chunks).toString('utf8').match(REF)?.[0] ?? 'none';
      webhooks.set(ref, (webhooks.get(ref) ?? 0) + 1);
      webhookIds.set(ref, (webhookIds.get(ref) ?? new Set()).add(String(req.headers['webhook-id'])));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  return {
    emails,
    emailIds,
    webhooks,
    webhookIds,
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    hookUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}/hook`,
    async close() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
