import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context';
import { withTransaction } from '../../../platform/db/transaction';
import { defineJob } from '../../../platform/jobs';
import { storageKeysOf } from '../service';
import { files } from '../tables';

/**
 * The sweep of uploads nobody claimed (decision 0010). A file is stored when it is uploaded and
 * claimed when its holder's form is saved; a form abandoned after its upload leaves a file with no
 * owner that only its uploader could ever read. pg-boss runs this every hour: each run deletes
 * unclaimed files older than UNCLAIMED_FILE_MAX_AGE_MS, rows then stored bytes (original and image
 * sizes), a batch at a time.
 */

export const unclaimedFilesJob = defineJob('files.unclaimedCleanup', z.object({}));

/**
 * How long an upload may wait for its holder to be saved. Forms keep uploads in memory only (no
 * drafts), so a file still unclaimed a day later belongs to a form that was closed or left open
 * overnight; saving such a form answers 'The uploaded file was not found. Upload it again'.
 * A day is far longer than any form takes to fill in, and short enough that abandoned uploads
 * (up to 50 MB each) do not pile up.
 */
export const UNCLAIMED_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Files per transaction: one short delete, so a large backlog never holds locks for long. */
export const UNCLAIMED_BATCH_SIZE = 500;

/** Batches per run; anything left over waits for the next hourly run. */
export const UNCLAIMED_MAX_BATCHES_PER_RUN = 20;

export function registerUnclaimedFilesCleanup(ctx: AppContext): void {
  unclaimedFilesJob.work(ctx, async () => {
    const { files: removed, batches } = await removeUnclaimedFiles(ctx);
    if (removed > 0) ctx.logger.info({ files: removed, batches }, 'removed unclaimed uploads');
  });
  unclaimedFilesJob.schedule(ctx, '35 * * * *', {});
}

export type CleanupOptions = { now?: Date; batchSize?: number; maxBatches?: number };

/**
 * One run: batches of unclaimed files older than the cut-off, each deleted in its own transaction
 * and its bytes removed after that commits. Safe beside another worker and beside claims: the batch
 * is chosen with FOR UPDATE SKIP LOCKED (rows another run or a claim holds are left for later), and
 * the delete checks again that the file has no owner, so a file claimed meanwhile is never touched.
 */
export async function removeUnclaimedFiles(
  ctx: Pick<AppContext, 'db' | 'storage' | 'logger'>,
  options: CleanupOptions = {},
): Promise<{ files: number; batches: number }> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? UNCLAIMED_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? UNCLAIMED_MAX_BATCHES_PER_RUN;
  const cutoff = new Date(now.getTime() - UNCLAIMED_FILE_MAX_AGE_MS);
  const stale = and(isNull(files.ownerId), lt(files.createdAt, cutoff));
  let removed = 0;
  let batches = 0;
  while (batches < maxBatches) {
    const rows = await withTransaction(ctx.db, async (tx) => {
      // Chosen and locked first, then deleted: as one DELETE ... WHERE id IN (SELECT ... LIMIT),
      // Postgres may rescan the subquery, which skips the rows just deleted and takes the next
      // ones, so a single statement could delete far more than one batch.
      const batch = await tx
        .select({ id: files.id })
        .from(files)
        .where(stale)
        .orderBy(asc(files.createdAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (batch.length === 0) return [];
      const ids = batch.map((b) => b.id);
      return tx
        .delete(files)
        .where(and(inArray(files.id, ids), stale))
        .returning({ id: files.id, storageKey: files.storageKey, variants: files.variants });
    });
    if (rows.length === 0) break;
    batches += 1;
    removed += rows.length;
    const keys = rows.flatMap(storageKeysOf);
    try {
      await ctx.storage.remove(keys);
    } catch (err) {
      // The rows are gone; bytes left behind are unreachable, so the sweep goes on.
      ctx.logger.warn({ err, keys }, 'could not remove the stored bytes of unclaimed files');
    }
    if (rows.length < batchSize) break;
  }
  return { files: removed, batches };
}
