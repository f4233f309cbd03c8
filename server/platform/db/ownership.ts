import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** Any table keyed by event, as every module's tables are (event_id first in every key). */
type EventOwned = PgTable & { id: AnyPgColumn; eventId: AnyPgColumn };

/**
 * The ids among `ids` that are not rows of this event in `table`: the one check every body or
 * query id goes through before it is stored (team types, groups, assets, forms ...), so that no
 * row of one event ever points into another. Each caller answers with its spec's own message.
 */
export async function idsNotInEvent(
  db: DbOrTx,
  table: EventOwned,
  eventId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = new Set(
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.eventId, eventId), inArray(table.id, unique)))
    ).map((row) => String(row.id)),
  );
  return unique.filter((id) => !found.has(id));
}
