import { setImmediate } from 'node:timers/promises';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { emailFailureReport } from '../../../shared/notifications/status';
import { isAimedAt } from '../../../shared/notifications/visibility';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { withTransaction } from '../../platform/db/transaction';
import { systemActor } from '../../platform/http/actor';
import { defineJob } from '../../platform/jobs';
import { accounts } from '../auth/tables';
import { deliverMany } from '../emails/delivery/service';
import { queueEmails } from '../emails/service';
import { outboxEmails } from '../emails/tables';
import { type EmailContent, type EmailLook, renderTemplate, SafeHtml } from '../emails/templates/email';
import { emailLook } from '../emails/templates/queries';
import { readSettings } from '../events/settingsStore';
import { memberships, teams } from '../people/tables';
import { notificationEmails, notifications, notificationWithTeamTypes } from './tables';

/**
 * The 'admin notification' email: one per user the notification is aimed at, written to the outbox
 * in the transaction that claims the notification's emails (emailed_at, set once), then delivered
 * by the queue in batches. After each batch the notification's status is settled from its outbox
 * rows: 'sent' (Published & Emailed) when every email went, 'failed' with the provider's answers.
 */

/**
 * Emails per job, and jobs per fetch of the queue. The queue fetches at most once a second when a
 * fetch comes back short, and one 50-email job a fetch capped the drain at 50 emails a second
 * (issue 17: 48/s against 200). A full fetch fetches again at once; two jobs run side by side so
 * that one's sends overlap the other's database work.
 */
export const EMAIL_BATCH_SIZE = 200;
const JOBS_PER_FETCH = 4;
const JOBS_AT_ONCE = 2;
export const notificationEmailBatchJob = defineJob(
  'notifications.emailBatch',
  z.object({
    v: z.literal(1),
    eventId: z.uuid(),
    notificationId: z.uuid(),
    outboxIds: z.array(z.uuid()).max(EMAIL_BATCH_SIZE),
  }),
);

export function registerNotificationEmailJobs(ctx: AppContext): void {
  notificationEmailBatchJob.work(
    ctx,
    async (job) => {
      // A refused email is recorded on its outbox row (status failed, the provider's answer) and
      // reported on the notification; it does not hold up the rest of the batch. Emails already
      // sent (a retried job) are skipped, so each recipient gets one.
      await deliverMany(ctx, job.outboxIds);
      // PGlite runs in this thread and answers through promises: back-to-back batches would keep
      // the event loop in its microtasks and starve every request meanwhile (a status poll waited
      // five minutes in the benchmark). Let the requests in between batches.
      await setImmediate();
      await settleEmailStatus(ctx, job.eventId, job.notificationId);
    },
    { batchSize: JOBS_PER_FETCH, parallel: JOBS_AT_ONCE },
  );
}

/** Who gets the email: active accounts of the event it is aimed at, in a stable order. */
async function recipients(tx: DbOrTx, eventId: string, audience: Parameters<typeof isAimedAt>[0]) {
  const rows = await tx
    .select({
      accountId: memberships.accountId,
      teamId: memberships.teamId,
      teamTypeId: teams.teamTypeId,
      email: accounts.email,
      firstName: accounts.firstName,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .leftJoin(teams, and(eq(teams.eventId, eventId), eq(teams.id, memberships.teamId)))
    .where(and(eq(memberships.eventId, eventId), eq(accounts.disabled, false)))
    .orderBy(accounts.email);
  return rows.filter((r) => isAimedAt(audience, { teamId: r.teamId, teamTypeId: r.teamTypeId ?? null }));
}

/** Claims the notification's emails once and queues them; the batches are handed to the queue after commit. */
export async function emailNotification(ctx: AppContext, eventId: string, notificationId: string) {
  const event = await readSettings(ctx.db, eventId, 'event');
  const look = await emailLook(ctx.db, { eventId }, 'adminNotification');
  const outboxIds = await withTransaction(ctx.db, async (tx) => {
    const [claimed] = await tx
      .update(notifications)
      .set({ emailedAt: new Date() })
      .where(
        and(
          eq(notifications.eventId, eventId),
          eq(notifications.id, notificationId),
          eq(notifications.sendEmail, true),
          inArray(notifications.status, ['pushed', 'sent', 'failed']),
          isNull(notifications.emailedAt),
        ),
      )
      .returning(notificationWithTeamTypes);
    if (!claimed) return null;
    const people = await recipients(tx, eventId, claimed);
    const ids = await queueEmails(
      tx,
      systemActor(eventId),
      people.map((person) => ({
        kind: 'adminNotification' as const,
        to: person.email,
        content: renderNotificationEmail(
          {
            eventName: event.eventName,
            appUrl: event.appUrl,
            firstName: person.firstName,
            title: claimed.title,
            description: claimed.description,
          },
          look,
        ),
      })),
    );
    for (let i = 0; i < ids.length; i += 500) {
      await tx.insert(notificationEmails).values(
        ids.slice(i, i + 500).map((outboxId, j) => ({
          eventId,
          notificationId,
          accountId: people[i + j].accountId,
          position: i + j + 1,
          outboxId,
        })),
      );
    }
    return ids;
  });
  if (outboxIds === null) return;
  if (outboxIds.length === 0) {
    await settleEmailStatus(ctx, eventId, notificationId);
    return;
  }
  const batches = [];
  for (let i = 0; i < outboxIds.length; i += EMAIL_BATCH_SIZE) {
    batches.push({
      v: 1 as const,
      eventId,
      notificationId,
      outboxIds: outboxIds.slice(i, i + EMAIL_BATCH_SIZE),
    });
  }
  await notificationEmailBatchJob.sendMany(ctx, batches);
}

/**
 * The notification's status from its emails: unchanged while any is still queued, then 'sent', or
 * 'failed' with 'Failed to send N emails: Email i: code - message'. A notification withdrawn to a
 * draft meanwhile stays a draft.
 */
export async function settleEmailStatus(ctx: AppContext, eventId: string, notificationId: string) {
  // Only the unsent rows are read (after every batch: reading all 15,000 each time cost more than
  // sending them); the one that finds none queued settles the notification.
  const ofNotification = and(
    eq(notificationEmails.eventId, eventId),
    eq(notificationEmails.notificationId, notificationId),
  );
  const [queued] = await ctx.db
    .select({ position: notificationEmails.position })
    .from(notificationEmails)
    .innerJoin(outboxEmails, eq(outboxEmails.id, notificationEmails.outboxId))
    .where(and(ofNotification, eq(outboxEmails.status, 'queued')))
    .limit(1);
  if (queued) return;
  const failures = (
    await ctx.db
      .select({ position: notificationEmails.position, error: outboxEmails.error })
      .from(notificationEmails)
      .innerJoin(outboxEmails, eq(outboxEmails.id, notificationEmails.outboxId))
      .where(and(ofNotification, eq(outboxEmails.status, 'failed')))
      .orderBy(notificationEmails.position)
  ).map((r) => ({ index: r.position, error: r.error ?? 'unknown' }));
  await ctx.db
    .update(notifications)
    .set(
      failures.length > 0
        ? { status: 'failed', providerResponse: emailFailureReport(failures) }
        : { status: 'sent', providerResponse: null },
    )
    .where(
      and(
        eq(notifications.eventId, eventId),
        eq(notifications.id, notificationId),
        inArray(notifications.status, ['pushed', 'sent', 'failed']),
      ),
    );
}

/**
 * The 'admin notification' email (spec: default title 'You have a new notification'): the
 * notification's title and its sanitised description, and a button to the portal's notifications,
 * in the event's template of the kind (server/modules/emails/templates/defaults.ts by default).
 */

export function renderNotificationEmail(
  input: {
    eventName: string;
    appUrl: string;
    firstName: string;
    title: string;
    /** Already sanitised by the save (server/modules/content/sanitize.ts). */
    description: string;
  },
  look: EmailLook = {},
): EmailContent {
  return renderTemplate(
    'adminNotification',
    {
      eventName: input.eventName,
      firstName: input.firstName,
      notificationTitle: input.title,
      notificationBody: new SafeHtml(input.description),
      link: `${input.appUrl.replace(/\/+$/, '')}/notifications`,
    },
    look,
  );
}
