import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { SMTP_POOL } from '../../platform/mail/mailer';
import { LINK_TOKEN_PLACEHOLDER, mintLinkToken } from '../auth/tokens';
import { logEmailResponse } from './responseLog';
import { sendingFor } from './sender';
import { outboxEmails } from './tables';
import type { EmailContent, EmailKind } from './templates';
import { addTracking, newTrackingToken, TRACKING_PATH } from './tracking';

export const SEND_EMAIL_JOB = 'email.send';
const sendEmailJobSchema = z.object({ v: z.literal(1), outboxId: z.uuid() });

/** Writes the email to the outbox inside the caller's transaction; deliver it after commit. */
export async function queueEmail(
  tx: DbOrTx,
  input: { eventId: string | null; kind: EmailKind; to: string; content: EmailContent; actor: string },
): Promise<string> {
  const [row] = await tx
    .insert(outboxEmails)
    .values({
      eventId: input.eventId,
      kind: input.kind,
      to: input.to,
      subject: input.content.subject,
      text: input.content.text,
      html: input.content.html,
      links: input.content.links,
      createdBy: input.actor,
      updatedBy: input.actor,
    })
    .returning({ id: outboxEmails.id });
  return row.id;
}

type QueuedEmail = { kind: EmailKind; to: string; content: EmailContent; replyTo?: string | null };

/**
 * Many emails of one event in one insert (a notification to every team); ids in the given order.
 * Rows are written in chunks so that a statement stays well under the parameter limit.
 */
export async function queueEmails(
  tx: DbOrTx,
  eventId: string,
  emails: readonly QueuedEmail[],
  actor: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < emails.length; i += 500) {
    const rows = emails.slice(i, i + 500).map((email) => ({
      id: crypto.randomUUID(),
      eventId,
      kind: email.kind,
      to: email.to,
      replyTo: email.replyTo ?? null,
      subject: email.content.subject,
      text: email.content.text,
      html: email.content.html,
      links: email.content.links,
      createdBy: actor,
      updatedBy: actor,
    }));
    await tx.insert(outboxEmails).values(rows);
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Hands committed outbox emails to the job queue, in one insert however many there are. */
export async function dispatchEmails(ctx: AppContext, outboxIds: string[]): Promise<void> {
  await ctx.jobs.sendMany(
    SEND_EMAIL_JOB,
    outboxIds.map((outboxId) => ({ v: 1, outboxId })),
  );
}

/**
 * A link's one-time token (set password, reset, email change) is a live credential: it leaves the
 * outbox row once the email has gone, so a copy of the database or a backup holds no usable link.
 */
const TOKEN_IN_LINK = /([?&]token=)[^&\s"'<>]+/g;
export const REDACTED_TOKEN = 'redacted';
const redact = (text: string) => text.replace(TOKEN_IN_LINK, `$1${REDACTED_TOKEN}`);
const hasRedactedLink = (content: Content) =>
  content.links.some((link) => link.includes(`token=${REDACTED_TOKEN}`));

/**
 * What the provider answered, as 'code - message' (an SMTP reply code such as 550, or nodemailer's
 * own code such as EAUTH when there was no reply).
 */
export function providerAnswer(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const { responseCode, code, response } = err as Error & {
    responseCode?: number;
    code?: string;
    response?: string;
  };
  const answerCode = responseCode ?? code;
  const message = response ?? err.message;
  return answerCode === undefined ? message : `${answerCode} - ${message}`;
}

type Content = { text: string; html: string; links: string[] };

/**
 * The content with a token made now for each link's placeholder (the stored email names the
 * token's record, never the token: see linkTokenPlaceholder). A link no longer good is not sent.
 */
async function withLinkTokens(db: DbOrTx, content: Content): Promise<Content> {
  const all = [content.text, content.html, ...content.links].join('\n');
  const ids = new Set([...all.matchAll(LINK_TOKEN_PLACEHOLDER)].map((match) => match[1]));
  if (!ids.size) return content;
  const tokens = new Map<string, string>();
  for (const id of ids) {
    const token = await mintLinkToken(db, id);
    if (!token) throw new Error('The link in this email is no longer valid; request a new one.');
    tokens.set(id, token);
  }
  const fill = (text: string) =>
    text.replace(LINK_TOKEN_PLACEHOLDER, (_, id: string) => tokens.get(id) as string);
  return { text: fill(content.text), html: fill(content.html), links: content.links.map(fill) };
}

/**
 * A failed email's live content, for the job's retry in this process: the row itself is redacted
 * at once (a failure can stay unsent for good). Bounded, oldest first out; a retry in another
 * process, or after a restart, finds none and does not send a dead link (see deliver).
 */
const unsent = new Map<string, Content>();
const UNSENT_KEPT = 1000;

function keepUnsent(outboxId: string, content: Content): void {
  unsent.delete(outboxId);
  unsent.set(outboxId, content);
  if (unsent.size > UNSENT_KEPT) unsent.delete(unsent.keys().next().value as string);
}

/** Sends one outbox email now (the email job, or a module's own batch job); throws when it fails. */
export async function deliver(ctx: AppContext, outboxId: string): Promise<void> {
  const [email] = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.id, outboxId)).limit(1);
  if (!email || email.status === 'sent' || email.status === 'stored') return;
  const stored = unsent.get(outboxId) ?? { text: email.text, html: email.html, links: email.links };
  if (email.status === 'failed' && !unsent.has(outboxId) && hasRedactedLink(stored)) {
    throw new Error('The link in this email was removed after a failed send; request a new one.');
  }
  const live = await withLinkTokens(ctx.db, stored);
  const sending = await sendingFor(ctx, email.eventId);
  const trackingToken = email.trackingToken ?? newTrackingToken();
  const tracked = sending.trackingBase
    ? addTracking(live.html, sending.trackingBase, trackingToken)
    : { html: live.html, links: [] };
  const message = {
    to: email.to,
    from: sending.from,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    subject: email.subject,
    ...live,
    html: tracked.html,
  };
  // The stored copy stays untracked (a resend tracks its copy afresh); the token and the links
  // the redirects lead to are kept with it.
  const sent = {
    text: redact(live.text),
    html: redact(live.html),
    links: live.links.map(redact),
    trackingToken,
    trackedLinks: tracked.links,
  };
  if (ctx.mailer.kind === 'outbox') {
    await ctx.mailer.deliver(message);
    // With no SMTP server, the console is how a new user follows the link, printed now, at send
    // time. On stderr, so that the CLI's machine-readable stdout (--json) stays one JSON document.
    if (ctx.config.env !== 'test') {
      // With tracking on, the address the email's opens and clicks report to (…/open.gif,
      // …/links/:n): a developer, or a journey, can open and click the email as a mail client would.
      const tracking = sending.trackingBase
        ? `    Opens and clicks: ${sending.trackingBase.replace(/\/+$/, '')}${TRACKING_PATH}/${trackingToken}\n`
        : '';
      process.stderr.write(
        `\n  Email to ${email.to}: ${email.subject}\n${live.links.map((l) => `    ${l}\n`).join('')}${tracking}\n`,
      );
    }
    ctx.logger.info({ to: email.to, subject: email.subject }, 'email kept in the outbox (no SMTP_URL)');
    await ctx.db
      .update(outboxEmails)
      .set({ status: 'stored', ...sent, updatedAt: new Date() })
      .where(eq(outboxEmails.id, outboxId));
    await logEmailResponse(ctx.db, email, 'pending', email.id, 'Kept in the outbox: no SMTP server');
    return;
  }
  let accepted: Awaited<ReturnType<typeof ctx.mailer.deliver>>;
  try {
    accepted = await ctx.mailer.deliver(message);
  } catch (err) {
    await ctx.db
      .update(outboxEmails)
      .set({ status: 'failed', error: providerAnswer(err), ...sent, updatedAt: new Date() })
      .where(eq(outboxEmails.id, outboxId));
    // A permanent refusal (5xx) is a bounce; a passing failure is retried and not logged yet.
    const code = (err as { responseCode?: number }).responseCode;
    if (code !== undefined && code >= 500) {
      await logEmailResponse(ctx.db, email, 'bounce', email.id, providerAnswer(err));
    }
    keepUnsent(outboxId, live);
    throw err;
  }
  await ctx.db
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: new Date(), error: null, ...sent, updatedAt: new Date() })
    .where(eq(outboxEmails.id, outboxId));
  unsent.delete(outboxId);
  await logEmailResponse(
    ctx.db,
    email,
    'delivery',
    accepted?.messageId ?? email.id,
    'Accepted by the SMTP server',
  );
}

/** Twenty per fetch: a bulk import queues thousands of welcome emails, hours of work at one a second. */
const EMAIL_BATCH_SIZE = 20;
/**
 * As many sends at once as the SMTP pool has connections: one after another, a batch kept one
 * pooled connection busy and waited out every round trip (decision 0026).
 */
const EMAIL_PARALLEL = SMTP_POOL.maxConnections;

export function registerEmailJobs(ctx: AppContext): void {
  ctx.jobs.register(
    SEND_EMAIL_JOB,
    async (data) => {
      const { outboxId } = sendEmailJobSchema.parse(data);
      await deliver(ctx, outboxId);
    },
    { batchSize: EMAIL_BATCH_SIZE, parallel: EMAIL_PARALLEL },
  );
}

/** Emails left queued by a crash between commit and dispatch are dispatched again at start-up. */
export async function dispatchStuckEmails(ctx: AppContext): Promise<void> {
  const stuck = await ctx.db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, 'queued'), lt(outboxEmails.createdAt, new Date(Date.now() - 60_000))));
  await dispatchEmails(
    ctx,
    stuck.map((s) => s.id),
  );
}
