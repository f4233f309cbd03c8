import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context';
import { rowsOf } from '../../../platform/db/rows';
import { withTransaction } from '../../../platform/db/transaction';
import { defineJob } from '../../../platform/jobs';
import { reportDay } from '../day/queries';
import { ensureReportCounts } from './service';

/**
 * Keeps the report counts current in the background (decision 0015, "Counts kept"), so a report
 * does not pay their rebuild: every few minutes, each event whose counts are in use (it has a
 * report_count_days row) and were worked out for another day, another due-soon window, or were
 * marked stale by an edit, is rebuilt. An event's local midnight is therefore met within
 * REBUILD_EVERY_MINUTES, whatever its time zone (offsets of :30 and :45 included), and an
 * organiser's edit within the same time. Events nobody has reported on yet are left alone: their
 * first report builds the counts.
 */
export const reportCountsJob = defineJob('reports.counts', z.object({}));
export const REBUILD_EVERY_MINUTES = 5;

export function registerReportCountsJob(ctx: AppContext): void {
  reportCountsJob.work(ctx, async () => {
    await rebuildDueReportCounts(ctx);
  });
  reportCountsJob.schedule(ctx, `*/${REBUILD_EVERY_MINUTES} * * * *`, {});
}

/** One run: rebuilds the counts of every event in use whose day has moved; returns those events. */
export async function rebuildDueReportCounts(
  ctx: Pick<AppContext, 'db' | 'logger'>,
  now = new Date(),
): Promise<{ rebuilt: string[] }> {
  const inUse = await rowsOf<{ event_id: string; today: string; due_soon_until: string }>(
    ctx.db,
    sql`select event_id, today, due_soon_until from report_count_days`,
  );
  const rebuilt: string[] = [];
  for (const row of inUse) {
    try {
      const day = await reportDay(ctx.db, { eventId: row.event_id }, now);
      // The cheap check first: most runs find every event current and open no transaction.
      if (row.today === day.today && row.due_soon_until === day.dueSoonUntil) continue;
      const outcome = await withTransaction(ctx.db, async (tx) => {
        // As a report does (countedReportRows): the rebuild's grouping is a plan JIT only slows.
        await tx.execute(sql`set local jit = off`);
        await tx.execute(sql`set local work_mem = '32MB'`);
        return ensureReportCounts(tx, { eventId: row.event_id }, day);
      });
      if (outcome === 'rebuilt') rebuilt.push(row.event_id);
    } catch (err) {
      // One event's broken settings must not keep every other event's counts stale.
      ctx.logger.error({ err, eventId: row.event_id }, 'report counts rebuild failed for an event');
    }
  }
  if (rebuilt.length > 0) ctx.logger.info({ events: rebuilt.length }, 'report counts rebuilt');
  return { rebuilt };
}
