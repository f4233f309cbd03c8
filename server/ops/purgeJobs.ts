import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { queueTableExists, rowsOf } from '../platform/db/rows';

/**
 * The queued jobs of a purged event (decision 0039). Job data names ids, never rows: the event's
 * own id (an import, a clone, a notification's emails) or the id of one of its rows (an outbox
 * email, a webhook delivery, a submission event; an email batch lists many). Left on the queue,
 * they would run against the removed event: retried until they give up, or worse, sending an
 * email the purge had just removed from the outbox.
 *
 * Rather than a list of job kinds that a new job would have to join, the rule is generic over the
 * catalogue: a job whose data names, as a top-level value or in a top-level list, the event's id
 * or the id of any row of a table with an event_id, belongs to the event. Ids are random uuids, so
 * nothing else matches by chance. Every state goes: waiting and retrying jobs never run, a running
 * one finishes against missing rows and its outcome finds no job to record, and finished ones no
 * longer hold the event's ids. Must run inside the purge's transaction, before its rows go.
 */
export async function removeEventJobs(
  tx: DbOrTx,
  eventId: string,
  tablesWithEventId: string[],
): Promise<number> {
  // No queue table: an install whose server has never started its queue (or a test database).
  if (!(await queueTableExists(tx))) return 0;
  const withId = new Set(
    (
      await rowsOf<{ table_name: string }>(
        tx,
        sql`
        select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'id'`,
      )
    ).map((r) => r.table_name),
  );
  const idQueries = tablesWithEventId
    .filter((table) => withId.has(table))
    .map((table) => sql`select id::text as id from ${sql.identifier(table)} where event_id = ${eventId}`);
  const ids = sql.join([sql`select ${eventId}::text as id`, ...idQueries], sql` union all `);
  const removed = await tx.execute(sql`
    with named as (${ids})
    delete from pgboss.job j
    where jsonb_typeof(j.data) = 'object' and exists (
      select 1 from jsonb_each(j.data) as field(key, value)
      where (jsonb_typeof(field.value) = 'string' and field.value #>> '{}' in (select id from named))
         or (jsonb_typeof(field.value) = 'array' and exists (
              select 1 from jsonb_array_elements(field.value) as item(value)
              where jsonb_typeof(item.value) = 'string' and item.value #>> '{}' in (select id from named)))
    )`);
  // node-postgres counts in rowCount, PGlite in affectedRows.
  const outcome = removed as unknown as { rowCount?: number | null; affectedRows?: number };
  return outcome.rowCount ?? outcome.affectedRows ?? 0;
}
