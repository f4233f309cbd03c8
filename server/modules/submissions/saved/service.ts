import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SubmissionEventKind } from '../../../../shared/forms/submissionsApi';
import type { AppContext } from '../../../platform/context';
import { bookkeeping } from '../../../platform/db/beforeCommit';
import type { DbOrTx } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/rows';
import type { Effects } from '../../../platform/db/transaction';
import { defineJob, type JobDefinition } from '../../../platform/jobs';
import { submissionEvents } from '../tables';

/**
 * After a submission: the one way other modules (form notifications, webhooks) hear that a
 * submission was made or changed. The save writes a submission event in its own transaction;
 * after commit the route hands it to every listener's own job (so one listener's retries never
 * repeat another's work); an event whose hand-over was lost to a crash is handed over again at
 * start-up. A listener may therefore run twice for one event and must skip what it already did
 * (key its rows by the event id).
 */

export type SubmissionEvent = {
  id: string;
  eventId: string;
  formId: string;
  submissionId: string;
  kind: SubmissionEventKind;
  version: number;
  createdAt: Date;
  createdBy: string;
};
export type SubmissionListener = (ctx: AppContext, event: SubmissionEvent) => Promise<void>;

const jobSchema = z.object({ v: z.literal(1), submissionEventId: z.uuid() });
/** Each listener's own queue (one per name, the same in every app of the process). */
const listenerJobs = new Map<string, JobDefinition<typeof jobSchema>>();
function listenerJob(listener: string) {
  let job = listenerJobs.get(listener);
  if (!job) {
    job = defineJob(`submissions.saved.${listener}`, jobSchema);
    listenerJobs.set(listener, job);
  }
  return job;
}
/** Per app: tests build several apps in one process, each with its own queue. */
const listenersOf = new WeakMap<AppContext, Set<string>>();

/** Registers a listener (once per app, by server/wiring.ts) and the job that runs it. */
export function onSubmissionSaved(ctx: AppContext, name: string, listener: SubmissionListener): void {
  const names = listenersOf.get(ctx) ?? new Set<string>();
  listenersOf.set(ctx, names);
  names.add(name);
  listenerJob(name).work(
    ctx,
    async ({ submissionEventId }) => {
      const [event] = await ctx.db
        .select()
        .from(submissionEvents)
        .where(eq(submissionEvents.id, submissionEventId))
        .limit(1);
      if (event) await listener(ctx, event);
      // Twenty a fetch: one a second would take a quarter of an hour to drain a 1,000-submission
      // burst (bench/after-submission.bench.ts). Listeners skip what they already did, so a batch
      // retried as one repeats nothing.
    },
    { batchSize: 20 },
  );
}

/** The listeners registered for an app, by name. */
export function submissionListeners(ctx: AppContext): string[] {
  return [...(listenersOf.get(ctx) ?? [])];
}

/**
 * Inside the save's transaction: records that the submission was made or changed, and once the
 * transaction has committed hands the new event to the listeners, with any earlier event of the
 * submission whose hand-over was lost. One statement both inserts the event and finds those
 * earlier ones, so the hand-over after commit needs no read of its own.
 */
export async function recordSubmissionEvent(
  ctx: AppContext,
  tx: DbOrTx,
  effects: Effects,
  input: {
    eventId: string;
    formId: string;
    submissionId: string;
    kind: SubmissionEventKind;
    version: number;
    by: string;
  },
): Promise<void> {
  const added = tx
    .insert(submissionEvents)
    .values({
      eventId: input.eventId,
      formId: input.formId,
      submissionId: input.submissionId,
      kind: input.kind,
      version: input.version,
      createdBy: input.by,
      updatedBy: input.by,
    })
    .returning({ id: submissionEvents.id });
  // getSQL(): embedded as a query builder, drizzle would wrap the insert in parentheses.
  // The second select cannot see the row the first part inserts (one snapshot): the union is the
  // new event and the earlier ones still waiting.
  const pending = (
    await rowsOf<{ id: string }>(
      tx,
      sql`
    with added as (${added.getSQL()})
    select id from added
    union all
    select ${submissionEvents.id} from ${submissionEvents}
    where ${and(
      eq(submissionEvents.eventId, input.eventId),
      eq(submissionEvents.submissionId, input.submissionId),
      isNull(submissionEvents.dispatchedAt),
    )}
  `,
    )
  ).map((row) => row.id);
  effects.afterCommit(() => handOver(ctx, pending));
}

async function handOver(ctx: AppContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const name of listenersOf.get(ctx) ?? []) {
    await listenerJob(name).sendMany(
      ctx,
      ids.map((submissionEventId) => ({ v: 1 as const, submissionEventId })),
    );
  }
  // Hand-over bookkeeping after the save has committed, not the save itself (decision 0045).
  await bookkeeping(() =>
    ctx.db
      .update(submissionEvents)
      .set({ dispatchedAt: new Date() })
      .where(inArray(submissionEvents.id, ids)),
  );
}

/**
 * Every minute, and at start-up: events left undispatched by a crash between commit and hand-over
 * (a later save of the same submission also picks them up). Two minutes is well past any normal
 * commit-to-hand-over gap; a second hand-over repeats nothing, as listeners skip what they did.
 */
export const stuckSubmissionEventsJob = defineJob('submissions.dispatchStuck', z.object({}));

export function registerStuckSubmissionEvents(ctx: AppContext): void {
  stuckSubmissionEventsJob.work(ctx, () => dispatchStuckSubmissionEvents(ctx));
  stuckSubmissionEventsJob.schedule(ctx, '* * * * *', {});
}

export async function dispatchStuckSubmissionEvents(ctx: AppContext, now = new Date()): Promise<void> {
  const stuck = await ctx.db
    .select({ id: submissionEvents.id })
    .from(submissionEvents)
    .where(
      and(
        isNull(submissionEvents.dispatchedAt),
        lt(submissionEvents.createdAt, new Date(now.getTime() - 2 * 60_000)),
      ),
    );
  await handOver(
    ctx,
    stuck.map((row) => row.id),
  );
}
