import { eq, sql } from 'drizzle-orm';
import { events } from '../modules/events/tables';
import { files } from '../modules/files/tables';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { withTransaction } from '../platform/db/transaction';
import type { Storage } from '../platform/storage';
import { removeEventJobs } from './purgeJobs';

export type PurgeSummary = { eventId: string; name: string; rows: number; files: number; jobs: number };

/** Every table of ours that has an event_id column: the rows that belong to an event. */
export async function tablesWithEventId(db: Db): Promise<string[]> {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'event_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`,
  );
  return tables.map((r) => r.table_name);
}

/**
 * Removes an event with everything it owns (decision 0032): its row (the foreign keys cascade to
 * most tables), any row left in a table with an event_id, the queue's jobs that name it or its rows
 * (purgeJobs.ts), then its stored files (every key its files' rows name, and anything else under
 * its folder). Rows and jobs go in one transaction; files after the commit, so a failure never
 * leaves rows pointing at removed files.
 */
export async function purgeEvent(db: Db, storage: Storage, eventId: string): Promise<PurgeSummary> {
  const [event] = await db.select({ name: events.name }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw new Error('Event ID not found');
  const stored = await db
    .select({ storageKey: files.storageKey, variants: files.variants })
    .from(files)
    .where(eq(files.eventId, eventId));
  const keys = new Set<string>();
  for (const row of stored) {
    keys.add(row.storageKey);
    for (const key of Object.values(row.variants ?? {})) keys.add(key);
  }
  const tables = await tablesWithEventId(db);
  const { rows, jobs } = await withTransaction(db, async (tx) => {
    let count = 0;
    for (const table of tables) {
      const [counted] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${sql.identifier(table)} where event_id = ${eventId}`,
      );
      count += Number(counted?.n ?? 0);
    }
    // While the rows the jobs name are still there to be found.
    const jobs = await removeEventJobs(tx, eventId, tables);
    await tx.delete(events).where(eq(events.id, eventId));
    // Tables without a cascading key to events (logs, queues) are cleared by name.
    for (const table of tables) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where event_id = ${eventId}`);
    }
    return { rows: count + 1, jobs };
  });
  for await (const object of storage.list(`${eventId}/`)) keys.add(object.key);
  await storage.remove([...keys]);
  return { eventId, name: event.name, rows, files: keys.size, jobs };
}
