import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { runBatch } from '../../../platform/jobs';
import { type MailMessage, outboxMessageId, SMTP_POOL } from '../../../platform/mail/mailer';
import { type AuditRecord, recordAuditMany, systemEntry } from '../../audit/service';
import { LINK_TOKEN_PLACEHOLDER, mintLinkToken } from '../../auth/tokens/service';
import { type Sending, sendingFor } from '../queries';
import { logEmailResponses, type Outboxed } from '../responses/log';
import { sendEmailJob } from '../service';
import { outboxEmails } from '../tables';
import { addTracking, newTrackingToken, TRACKING_PATH } from '../tracking/service';

/** Delivery of outbox emails: one now (the job, a resend) or a batch; their outcomes kept. Queueing is in ../service.ts. */

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

/** Sends one outbox email now (the email job, a resend); throws when it fails. */
export async function deliver(ctx: AppContext, outboxId: string): Promise<void> {
  const [failure] = await deliverMany(ctx, [outboxId]);
  if (failure) throw failure.error;
}

type SentCopy = {
  text: string;
  html: string;
  links: string[];
  trackingToken: string;
  trackedLinks: string[];
};
type Prepared = {
  email: Outboxed;
  live: Content;
  message: MailMessage;
  sent: SentCopy;
  trackingBase: string | null;
};
type Outcome = {
  email: Outboxed;
  status: 'stored' | 'sent' | 'failed';
  sent: SentCopy;
  messageId: string;
  error: unknown;
};

/**
 * Sends outbox emails now, a batch at a time (a notification to every team): one read of the rows,
 * the event's sending settings read once, the sends `SMTP_POOL.maxConnections` at a time, then one
 * update of the rows and one insert in the delivery log. Per email that was six round trips to the
 * database, and they bounded the drain rate (docs/benchmarks.md, issue 17). An email already sent
 * or kept is skipped, so a retried batch sends each email once. Returns the failures in order; a
 * failure before sending (a dead link) leaves its row as it was, as a single send always did.
 */
export async function deliverMany(
  ctx: AppContext,
  outboxIds: readonly string[],
): Promise<{ outboxId: string; error: unknown }[]> {
  if (outboxIds.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(outboxEmails)
    .where(inArray(outboxEmails.id, [...outboxIds]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const sendings = new Map<string | null, Promise<Sending>>();
  const sendingOf = (eventId: string | null) => {
    if (!sendings.has(eventId)) sendings.set(eventId, sendingFor(ctx, eventId));
    return sendings.get(eventId) as Promise<Sending>;
  };
  const early: { outboxId: string; error: unknown }[] = [];
  const prepared: Prepared[] = [];
  for (const outboxId of outboxIds) {
    const email = byId.get(outboxId);
    if (!email || email.status === 'sent' || email.status === 'stored') continue;
    try {
      prepared.push({ email, ...(await prepare(ctx, email, await sendingOf(email.eventId))) });
    } catch (error) {
      early.push({ outboxId, error });
    }
  }
  const outcomes: Outcome[] = [];
  await runBatch(prepared, ctx.mailer.kind === 'smtp' ? SMTP_POOL.maxConnections : 1, async (p) => {
    try {
      const accepted = await ctx.mailer.deliver(p.message);
      const status = ctx.mailer.kind === 'outbox' ? 'stored' : 'sent';
      outcomes.push({
        email: p.email,
        status,
        sent: p.sent,
        messageId: accepted?.messageId ?? p.email.id,
        error: null,
      });
      unsent.delete(p.email.id);
    } catch (error) {
      keepUnsent(p.email.id, p.live);
      outcomes.push({ email: p.email, status: 'failed', sent: p.sent, messageId: p.email.id, error });
    }
  });
  if (ctx.mailer.kind === 'outbox') announceKept(ctx, prepared);
  await recordOutcomes(ctx.db, outcomes);
  const failed = new Map(outcomes.filter((o) => o.status === 'failed').map((o) => [o.email.id, o.error]));
  const earlyById = new Map(early.map((f) => [f.outboxId, f.error]));
  return outboxIds.flatMap((outboxId) => {
    const error = failed.get(outboxId) ?? earlyById.get(outboxId);
    return error === undefined ? [] : [{ outboxId, error }];
  });
}

/** The message to send and the copy to keep: live link tokens, the event's sender, tracking. */
async function prepare(ctx: AppContext, email: Outboxed, sending: Sending) {
  const stored = unsent.get(email.id) ?? { text: email.text, html: email.html, links: email.links };
  if (email.status === 'failed' && !unsent.has(email.id) && hasRedactedLink(stored)) {
    throw new Error('The link in this email was removed after a failed send; request a new one.');
  }
  const live = await withLinkTokens(ctx.db, stored);
  const trackingToken = email.trackingToken ?? newTrackingToken();
  const tracked = sending.trackingBase
    ? addTracking(live.html, sending.trackingBase, trackingToken)
    : { html: live.html, links: [] };
  const message: MailMessage = {
    to: email.to,
    from: sending.from,
    messageId: outboxMessageId(email.id, sending.from),
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
  return { live, message, sent, trackingBase: sending.trackingBase };
}

/**
 * With no SMTP server, the console is how a new user follows the link, printed now, at send time.
 * On stderr, so that the CLI's machine-readable stdout (--json) stays one JSON document; one write
 * for the batch. With tracking on, also the address the email's opens and clicks report to
 * (…/open.gif, …/links/:n): a developer, or a journey, can open and click it as a mail client would.
 */
function announceKept(ctx: AppContext, prepared: readonly Prepared[]) {
  for (const { email } of prepared) {
    ctx.logger.info({ to: email.to, subject: email.subject }, 'email kept in the outbox (no SMTP_URL)');
  }
  if (ctx.config.env === 'test' || prepared.length === 0) return;
  const printed = prepared.map(({ email, live, sent, trackingBase }) => {
    const tracking = trackingBase
      ? `    Opens and clicks: ${trackingBase.replace(/\/+$/, '')}${TRACKING_PATH}/${sent.trackingToken}\n`
      : '';
    return `\n  Email to ${email.to}: ${email.subject}\n${live.links.map((l) => `    ${l}\n`).join('')}${tracking}\n`;
  });
  process.stderr.write(printed.join(''));
}

/**
 * Every outcome of a batch in one update and one insert. Kept: 'stored'; accepted: 'sent' with
 * its time and no error; refused: 'failed' with the provider's answer, and a permanent refusal
 * (5xx) is logged as a bounce (a passing failure is retried and not logged yet).
 */
type LogEntry = Parameters<typeof logEmailResponses>[1][number];

async function recordOutcomes(db: Db, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  // The rows, the log and the trail's entries (one per event of the batch) commit together.
  await withTransaction(db, async (tx) => {
    await writeOutcomes(tx, outcomes);
    await recordAuditMany(tx, sendEntries(outcomes));
  });
}

/** One System Update entry per event of a batch: how many emails were sent, kept or refused. */
function sendEntries(outcomes: readonly Outcome[]): AuditRecord[] {
  const byEvent = new Map<string | null, Record<Outcome['status'], number>>();
  for (const { email, status } of outcomes) {
    const counts = byEvent.get(email.eventId) ?? { sent: 0, stored: 0, failed: 0 };
    counts[status]++;
    byEvent.set(email.eventId, counts);
  }
  return [...byEvent].map(([eventId, counts]) =>
    systemEntry({
      eventId,
      entityType: 'emails',
      action: 'send',
      route: sendEmailJob.name,
      changes: Object.fromEntries(
        Object.entries(counts)
          .filter(([, n]) => n > 0)
          .map(([status, n]) => [status, { after: n }]),
      ),
    }),
  );
}

async function writeOutcomes(db: DbOrTx, outcomes: readonly Outcome[]): Promise<void> {
  const values = outcomes.map(
    ({ email, status, sent, error }) =>
      sql`(${email.id}::uuid, ${status}, ${status === 'failed' ? providerAnswer(error) : null}::text, ${sent.text}, ${sent.html}, ${JSON.stringify(sent.links)}::jsonb, ${sent.trackingToken}, ${JSON.stringify(sent.trackedLinks)}::jsonb)`,
  );
  await db.execute(sql`
    update outbox_emails as o set
      status = v.status,
      error = case v.status when 'failed' then v.error when 'sent' then null else o.error end,
      sent_at = case when v.status = 'sent' then now() else o.sent_at end,
      text = v.text, html = v.html, links = v.links,
      tracking_token = v.tracking_token, tracked_links = v.tracked_links,
      updated_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(id, status, error, text, html, links, tracking_token, tracked_links)
    where o.id = v.id`);
  await logEmailResponses(
    db,
    outcomes.flatMap(({ email, status, messageId, error }): LogEntry[] => {
      if (status === 'stored') {
        return [{ email, type: 'pending', messageId, details: 'Kept in the outbox: no SMTP server' }];
      }
      if (status === 'sent')
        return [{ email, type: 'delivery', messageId, details: 'Accepted by the SMTP server' }];
      const code = (error as { responseCode?: number }).responseCode;
      return code !== undefined && code >= 500
        ? [{ email, type: 'bounce', messageId, details: providerAnswer(error) }]
        : [];
    }),
  );
}
