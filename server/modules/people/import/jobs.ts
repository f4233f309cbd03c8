import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defaultCustomFieldValue } from '../../../../shared/people/customFields';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { defineJob } from '../../../platform/jobs';
import { dispatchEmails } from '../../emails/service';
import { emailLook } from '../../emails/templates/queries';
import { listCustomFields } from '../customFields/service';
import { signalImport } from './live';
import { type ImportEvent, importRow, messageOf } from './row/service';
import { teamImportRows, teamImports } from './tables';

const ANALYZE_AFTER_ROWS = 500;
const teamImportJobSchema = z.object({
  v: z.literal(1),
  eventId: z.uuid(),
  importId: z.uuid(),
  actorId: z.string(),
});
export type TeamImportJob = z.infer<typeof teamImportJobSchema>;
export const teamImportJob = defineJob('people.team-import', teamImportJobSchema);

export type RunOptions = {
  /** A hook for tests: runs after each row's transaction has committed. */
  afterRow?: (rowNumber: number) => void | Promise<void>;
  /** Rows in flight at once; by default several on PostgreSQL, one on PGlite (one connection). */
  concurrency?: number;
  /**
   * The queue is stopping (SIGTERM): take no more rows, finish those in flight and hand the job
   * back, so the drain ends in seconds and the next process resumes at the first ready row.
   */
  stopping?: AbortSignal;
};

/** Thrown to hand the job back to the queue: pg-boss retries it (in the next process). */
export class ImportHandedBack extends Error {
  constructor(readonly remaining: number) {
    super(`team import handed back to the queue at shutdown with ${remaining} rows to go`);
    this.name = 'ImportHandedBack';
  }
}
/**
 * Each row waits on round trips, not on the database's CPU, so a few rows in flight on separate
 * pool connections multiply the rate (docs/benchmarks.md). Rows share no row of the database: the
 * import's counters are recounted from the rows' statuses by the job, not moved on by each row.
 */
const POSTGRES_CONCURRENCY = 6;
/** How often the job recounts its progress and hands the emails queued since to the queue. */
const FLUSH_EVERY_MS = 500;

export function registerTeamImportJob(ctx: AppContext): void {
  teamImportJob.work(ctx, (job) => runTeamImport(ctx, job, { stopping: ctx.jobs.stopping }));
}

/**
 * Works through the import's rows that are still ready, each in its own transaction that also
 * writes its check record: a crash leaves every row created with its record, or untouched and
 * still ready, and running the job again carries on where it stopped. The progress counters are
 * recounted from the rows' records every FLUSH_EVERY_MS and when the job ends or fails.
 */
export async function runTeamImport(ctx: AppContext, job: TeamImportJob, options: RunOptions = {}) {
  const { eventId, importId, actorId } = job;
  const started = await ctx.db
    .update(teamImports)
    .set({ state: 'running', error: null, startedAt: sql`coalesce(${teamImports.startedAt}, now())` })
    .where(
      and(
        eq(teamImports.eventId, eventId),
        eq(teamImports.id, importId),
        sql`${teamImports.state} in ('queued', 'running', 'failed')`,
      ),
    )
    .returning({ id: teamImports.id });
  if (started.length === 0) return;
  await signalImport(ctx, eventId);
  const event: ImportEvent = {
    eventId,
    importId,
    actorId,
    defaults: {},
    setPasswordLook: {},
    // A row's emails, once it has committed (importRow's afterCommit): batched to the queue.
    handOver: (outboxIds) => flusher.emails(outboxIds),
  };
  const flusher = progressFlusher(ctx, event);
  try {
    const fields = await listCustomFields(ctx.db, eventId);
    event.defaults = Object.fromEntries(fields.map((f) => [f.id, defaultCustomFieldValue(f.type)]));
    event.setPasswordLook = await emailLook(ctx.db, { eventId }, 'setPassword');
    const pending = await ctx.db
      .select({ rowNumber: teamImportRows.rowNumber })
      .from(teamImportRows)
      .where(
        and(
          eq(teamImportRows.eventId, eventId),
          eq(teamImportRows.importId, importId),
          eq(teamImportRows.status, 'ready'),
        ),
      )
      .orderBy(asc(teamImportRows.rowNumber));
    const concurrency = options.concurrency ?? (ctx.database.kind === 'postgres' ? POSTGRES_CONCURRENCY : 1);
    let next = 0;
    let stopped = false;
    const worker = async () => {
      while (!stopped && !options.stopping?.aborted && next < pending.length) {
        const { rowNumber } = pending[next++];
        try {
          // Its emails reach the flusher after its commit, before it returns.
          await importRow(ctx, event, fields, rowNumber);
          await options.afterRow?.(rowNumber);
          flusher.tick();
          // PGlite answers on this thread, through promises only: without a turn of the event loop
          // between rows, an import of thousands of rows held it the whole time: no request was
          // answered and SIGTERM was not even seen until it ended (decision 0049).
          await eventLoopTurn();
        } catch (err) {
          // The other workers finish the row they hold and take no more.
          stopped = true;
          throw err;
        }
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: concurrency }, worker));
    const failure = settled.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
    if (next < pending.length) {
      // Stopping: what committed is counted and its emails handed over; the rest waits, queued.
      await flusher.settle();
      await recount(ctx, event, { state: 'queued' });
      throw new ImportHandedBack(pending.length - next);
    }
    await flusher.settle();
    await recount(ctx, event, { state: 'done', finishedAt: new Date() });
    // PGlite has no autovacuum: after a bulk load the planner would work from empty statistics
    // (docs/benchmarks.md, people at scale). Cheap next to the import itself.
    if (pending.length >= ANALYZE_AFTER_ROWS) await ctx.db.execute(sql`analyze teams, memberships, accounts`);
  } catch (err) {
    if (err instanceof ImportHandedBack) throw err;
    // The rows that did commit still get their emails.
    await flusher
      .settle()
      .catch((flushErr) => ctx.logger.error({ err: flushErr }, 'team import dispatch failed'));
    // Shown on the screen; the queue retries the job, which resumes at the first ready row.
    await recount(ctx, event, { state: 'failed', error: messageOf(err) });
    throw err;
  }
}

/**
 * Batches what follows a row's commit: the emails it queued (handed over by the row's
 * `effects.afterCommit`) are given to the queue in one insert, and the import's counters
 * recounted, every FLUSH_EVERY_MS in the background rather than after each row. The outbox keeps
 * an email whose hand-over is lost (a crash): dispatchStuckEmails sends it.
 */
function progressFlusher(ctx: AppContext, event: ImportEvent) {
  let queued: string[] = [];
  let last = Date.now();
  let running: Promise<void> | null = null;
  const flush = async () => {
    const outboxIds = queued;
    queued = [];
    await dispatchEmails(ctx, outboxIds);
    await recount(ctx, event);
  };
  return {
    emails(outboxIds: string[]) {
      queued.push(...outboxIds);
    },
    tick() {
      if (running || Date.now() - last < FLUSH_EVERY_MS) return;
      last = Date.now();
      running = flush()
        // A lost dispatch is picked up by dispatchStuckEmails; the counters by the next recount.
        .catch((err) => ctx.logger.error({ err }, 'team import progress failed'))
        .finally(() => {
          running = null;
        });
    },
    /** Waits for a flush under way, then hands over the emails still waiting. */
    async settle() {
      await running;
      const outboxIds = queued;
      queued = [];
      await dispatchEmails(ctx, outboxIds);
    },
  };
}

/**
 * Sets the import's progress from its rows' records (a row the job has handled always has its
 * typeCheck set; a row the preview skipped has none), with any other change to the record. Being
 * a recount, it is right after a crash, a retry or two jobs overlapping. Then the admins' import
 * screens hear of it on the event stream: progress is pushed every FLUSH_EVERY_MS, not polled.
 */
async function recount(
  ctx: AppContext,
  event: ImportEvent,
  change: Partial<typeof teamImports.$inferInsert> = {},
) {
  await writeCounts(ctx.db, event, change);
  await signalImport(ctx, event.eventId);
}

async function writeCounts(db: DbOrTx, event: ImportEvent, change: Partial<typeof teamImports.$inferInsert>) {
  const rows = and(eq(teamImportRows.eventId, event.eventId), eq(teamImportRows.importId, event.importId));
  // One pass over the import's rows for the four counters.
  await db.execute(sql`update ${teamImports}
    set (done_rows, created_rows, failed_rows, already_imported_rows) = (
      select count(*) filter (where ${isNotNull(teamImportRows.typeCheck)}),
        count(*) filter (where ${eq(teamImportRows.status, 'created')}),
        count(*) filter (where ${eq(teamImportRows.status, 'failed')}),
        count(*) filter (where ${and(eq(teamImportRows.status, 'skipped'), isNotNull(teamImportRows.typeCheck))})
      from ${teamImportRows} where ${rows}),
      updated_at = now()
    where ${and(eq(teamImports.eventId, event.eventId), eq(teamImports.id, event.importId))}`);
  if (Object.keys(change).length > 0) {
    await db
      .update(teamImports)
      .set(change)
      .where(and(eq(teamImports.eventId, event.eventId), eq(teamImports.id, event.importId)));
  }
}
