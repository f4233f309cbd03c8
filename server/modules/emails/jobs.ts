import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { queueTableExists, rowsOf } from '../../platform/db/rows';
import { defineJob } from '../../platform/jobs';
import { SMTP_POOL } from '../../platform/mail/mailer';
import { deliver } from './delivery/service';
import { dispatchEmails, sendEmailJob } from './service';
import { outboxEmails } from './tables';

// The email queues' workers: sending, and the sweep for emails whose hand-over a crash lost.

/** Twenty per fetch: a bulk import queues thousands of welcome emails, hours of work at one a second. */
const EMAIL_BATCH_SIZE = 20;
/**
 * As many sends at once as the SMTP pool has connections: one after another, a batch kept one
 * pooled connection busy and waited out every round trip (decision 0026).
 */
const EMAIL_PARALLEL = SMTP_POOL.maxConnections;

export function registerEmailJobs(ctx: AppContext): void {
  sendEmailJob.work(ctx, ({ outboxId }) => deliver(ctx, outboxId), {
    batchSize: EMAIL_BATCH_SIZE,
    parallel: EMAIL_PARALLEL,
  });
  stuckEmailsJob.work(ctx, () => dispatchStuckEmails(ctx));
  stuckEmailsJob.schedule(ctx, '* * * * *', {});
}

/**
 * A queued email older than this with no live job naming it lost its dispatch: the process died
 * between the commit that queued it and the hand-over to the queue (a listener's retry finds its
 * claim made and queues nothing again). Well past any normal commit-to-dispatch gap.
 */
const STUCK_AFTER_MS = 2 * 60_000;
/** The queues whose payloads name outbox emails: one email, or a notification's batch. */
const EMAIL_QUEUES = [sendEmailJob.name, 'notifications.emailBatch'];

/** Every minute, and at start-up: emails whose dispatch was lost are handed to the queue again. */
export const stuckEmailsJob = defineJob('email.dispatchStuck', z.object({}));

export async function dispatchStuckEmails(ctx: AppContext, now = new Date()): Promise<void> {
  const stuck = await ctx.db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.status, 'queued'),
        lt(outboxEmails.createdAt, new Date(now.getTime() - STUCK_AFTER_MS)),
      ),
    );
  if (stuck.length === 0) return;
  // An email a waiting or running job names is on its way (a long backlog): a second job for it
  // could send it twice.
  const onTheirWay = await emailsInLiveJobs(ctx.db);
  await dispatchEmails(
    ctx,
    stuck.map((s) => s.id).filter((id) => !onTheirWay.has(id)),
  );
}

async function emailsInLiveJobs(db: DbOrTx): Promise<Set<string>> {
  // No queue table: inline jobs (tests, the CLI) run at once and leave nothing waiting.
  if (!(await queueTableExists(db))) return new Set();
  const jobs = await rowsOf<{ data: { outboxId?: unknown; outboxIds?: unknown } | null }>(
    db,
    sql`
      select data from pgboss.job
      where name in (${sql.join(
        EMAIL_QUEUES.map((name) => sql`${name}`),
        sql`, `,
      )}) and state in ('created', 'retry', 'active')`,
  );
  const ids = new Set<string>();
  for (const { data } of jobs) {
    if (typeof data?.outboxId === 'string') ids.add(data.outboxId);
    if (Array.isArray(data?.outboxIds))
      for (const id of data.outboxIds) if (typeof id === 'string') ids.add(id);
  }
  return ids;
}
