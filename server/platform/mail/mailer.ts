import nodemailer from 'nodemailer';
import { emailsSent } from '../observability/metrics';

/** 'Name <address>' as configured (MAIL_FROM), or a name and address (an event's fromEmail). */
export type MailAddress = string | { name: string; address: string };

export type MailMessage = {
  to: string;
  from: MailAddress;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID header, `<id@domain>`. An outbox email keeps one across its attempts, so a copy
   * sent again after a crash (the relay accepted it, the process died before recording that) is the
   * same message to the mail clients that drop a repeated id, as a webhook resent keeps its id.
   */
  messageId?: string;
  /** The message's links, for a console that prints them; never part of what SMTP sends. */
  links: string[];
};

/** The Message-ID of one outbox email: its id at the sender's domain (RFC 5322, 3.6.4). */
export function outboxMessageId(outboxId: string, from: MailAddress): string {
  const address = typeof from === 'string' ? (from.match(/<([^>]+)>/)?.[1] ?? from) : from.address;
  const domain = address.split('@')[1]?.trim() || 'localhost';
  return `<${outboxId}@${domain}>`;
}

/** Delivers a message, or keeps it (no SMTP configured: the sender prints its links). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** The SMTP server's message id when it accepted the message. */
  deliver(message: MailMessage): Promise<{ messageId?: string } | undefined>;
  /** Closes the pooled connections once the messages being sent are done (shutdown). */
  close(): Promise<void>;
}

/**
 * The pool, set once here. Five connections is nodemailer's default and what most relays allow
 * one client; a hundred messages a connection, then a fresh one (relays cap a session and some
 * leak state across a long one). `smtp://host?maxConnections=10&maxMessages=500` overrides both.
 */
export const SMTP_POOL = { maxConnections: 5, maxMessages: 100 } as const;

/**
 * Codes nodemailer gives a message whose connection broke under it (the relay dropped an idle
 * pooled connection, a reset, a timeout): no SMTP reply came, so the message is tried once more on
 * a fresh connection. An SMTP refusal (a reply code) is an answer and is never retried here.
 */
const DROPPED = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE']);

export function droppedConnection(err: unknown): boolean {
  const { code, responseCode } = (err ?? {}) as { code?: string; responseCode?: number };
  return responseCode === undefined && code !== undefined && DROPPED.has(code);
}

/** Counts each message handed over (or kept, without SMTP) and each refused, for /metrics. */
export function countDeliveries(mailer: Mailer): Mailer {
  return {
    kind: mailer.kind,
    async deliver(message) {
      try {
        const accepted = await mailer.deliver(message);
        emailsSent.inc({ transport: mailer.kind, outcome: 'sent' });
        return accepted;
      } catch (err) {
        emailsSent.inc({ transport: mailer.kind, outcome: 'failed' });
        throw err;
      }
    },
    close: () => mailer.close(),
  };
}

export function createMailer(
  smtpUrl: string | undefined,
  pool: { maxConnections?: number; maxMessages?: number } = {},
): Mailer {
  if (!smtpUrl) {
    return { kind: 'outbox', deliver: async () => undefined, close: async () => {} };
  }
  // One pooled transport per process: connections are opened as messages wait (up to
  // maxConnections) and reused, instead of a TCP and SMTP handshake for every email.
  const transport = nodemailer.createTransport({ ...SMTP_POOL, ...pool, pool: true, url: smtpUrl });
  let closed = false;
  const send = async (message: Omit<MailMessage, 'links'>) => {
    const info = await transport.sendMail(message);
    return { messageId: info.messageId };
  };
  return {
    kind: 'smtp',
    async deliver({ links: _links, ...message }) {
      try {
        return await send(message);
      } catch (err) {
        if (closed || !droppedConnection(err)) throw err;
        // The pool has already removed the broken connection; this opens or takes another. A
        // second failure goes back to the job queue, which retries with its own backoff.
        return await send(message);
      }
    },
    async close() {
      closed = true;
      transport.close();
    },
  };
}
