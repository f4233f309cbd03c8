import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CLONE_ERRORS } from '../../../shared/editions/clone';
import type { AppContext } from '../../platform/context';
import { withTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/errors';
import { defineJob } from '../../platform/jobs';
import { events } from '../events/tables';
import { type CloneHooks, cloneEvent, editionEventId, eventFolder } from './clone/service';
import { eventClones } from './tables';

const cloneJobSchema = z.object({
  v: z.literal(1),
  eventId: z.uuid(),
  cloneId: z.uuid(),
  actorId: z.string(),
  /** The admins of the copy when not the actor (the CLI, which runs as 'system'). */
  adminIds: z.array(z.uuid()).optional(),
});
export type CloneJob = z.infer<typeof cloneJobSchema>;
export const cloneJob = defineJob('editions.clone-event', cloneJobSchema);

/**
 * Progress of the clones running in this process. The clone is one transaction, so its progress
 * cannot be written to its row until it commits on PGlite (one connection); on PostgreSQL it is
 * also written through the pool, for the other processes.
 */
const progress = new Map<string, { doneSteps: number; totalSteps: number }>();
export function progressOf(cloneId: string) {
  return progress.get(cloneId);
}

export function registerCloneJob(ctx: AppContext): void {
  cloneJob.work(ctx, (job) => runClone(ctx, job));
}

/**
 * Makes the next edition in one transaction that also marks the job done: a failure or a stop
 * half-way leaves no event (and the job 'running', which the queue runs again after a stop). A
 * failure is recorded on the job for the screen and not retried: the organiser starts again.
 */
export async function runClone(ctx: AppContext, job: CloneJob, hooks: CloneHooks = {}): Promise<void> {
  const [before] = await ctx.db
    .select({ state: eventClones.state })
    .from(eventClones)
    .where(and(eq(eventClones.eventId, job.eventId), eq(eventClones.id, job.cloneId)));
  // 'running' when picked up: an earlier attempt started and never finished (its process died).
  if (before?.state === 'running') await removeUncommittedFiles(ctx, job.cloneId);
  const [clone] = await ctx.db
    .update(eventClones)
    .set({ state: 'running', error: null, startedAt: sql`coalesce(${eventClones.startedAt}, now())` })
    .where(
      and(
        eq(eventClones.eventId, job.eventId),
        eq(eventClones.id, job.cloneId),
        inArray(eventClones.state, ['queued', 'running']),
      ),
    )
    .returning();
  if (!clone) return;
  const writtenKeys: string[] = [];
  try {
    await withTransaction(ctx.db, async (tx) => {
      const outcome = await cloneEvent(
        tx,
        ctx.storage,
        {
          sourceEventId: job.eventId,
          name: clone.name,
          shiftDays: clone.shiftDays,
          actorId: job.actorId,
          adminIds: job.adminIds ?? [job.actorId],
          newEventId: editionEventId(clone.id),
        },
        {
          afterStep: async (doneSteps, totalSteps, table) => {
            progress.set(clone.id, { doneSteps, totalSteps });
            if (ctx.database.kind === 'postgres')
              await ctx.db
                .update(eventClones)
                .set({ doneSteps, totalSteps })
                .where(eq(eventClones.id, clone.id))
                .catch((err) => ctx.logger.warn({ err }, 'clone progress not saved'));
            await hooks.afterStep?.(doneSteps, totalSteps, table);
          },
        },
        writtenKeys,
      );
      const total = Object.keys(outcome.copied).length + 1;
      await tx
        .update(eventClones)
        .set({
          state: 'done',
          newEventId: outcome.newEventId,
          doneSteps: total,
          totalSteps: total,
          finishedAt: new Date(),
          updatedBy: job.actorId,
        })
        .where(eq(eventClones.id, clone.id));
    });
  } catch (err) {
    ctx.logger.error({ err, cloneId: clone.id }, 'clone failed');
    // Nothing of the copy committed; its stored files are removed too (a put that failed half-way
    // may have left its key without reporting it, so the whole folder).
    await ctx.storage.remove(writtenKeys).catch((e) => ctx.logger.error({ err: e }, 'clone files left'));
    await removeUncommittedFiles(ctx, clone.id);
    await ctx.db
      .update(eventClones)
      .set({
        state: 'failed',
        error: err instanceof AppError ? err.message : CLONE_ERRORS.failed,
        finishedAt: new Date(),
      })
      .where(eq(eventClones.id, clone.id));
  } finally {
    progress.delete(clone.id);
  }
}

/**
 * Removes what an attempt of this clone stored when its copy did not commit: every key in the
 * folder of the copy's event id (editionEventId), which no committed row can name while that event
 * does not exist. An attempt killed between copying files and committing leaves them there; its
 * retry calls this first. Errors are logged: the clone itself can still go on (decision 0054).
 */
export async function removeUncommittedFiles(ctx: AppContext, cloneId: string): Promise<number> {
  const newEventId = editionEventId(cloneId);
  try {
    const [committed] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.id, newEventId));
    if (committed) return 0;
    const keys: string[] = [];
    for await (const object of ctx.storage.list(eventFolder(newEventId))) keys.push(object.key);
    if (keys.length > 0) {
      await ctx.storage.remove(keys);
      ctx.logger.warn({ cloneId, files: keys.length }, 'removed the files of a clone that did not commit');
    }
    return keys.length;
  } catch (err) {
    ctx.logger.error({ err, cloneId }, 'files of a clone that did not commit were not removed');
    return 0;
  }
}
