import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../../platform/db/client';

/**
 * Spec: "deleting a team type removes it from everything that references it". Teams lose it through
 * their foreign key; other areas keep team type ids in uuid[] columns (content, downloads,
 * suppliers, tasks), which no foreign key can reach. Each area registers the columns it keeps here
 * at import time, and deleteTeamType clears them inside its own transaction.
 */
type TeamTypeColumns = { table: PgTable; eventId: AnyPgColumn; columns: AnyPgColumn[] };

const references = new Map<string, TeamTypeColumns>();

/** Registers (or replaces, by name) the uuid[] columns of one table that hold team type ids. */
export function registerTeamTypeColumns(name: string, columns: TeamTypeColumns): void {
  references.set(name, columns);
}

/** Removes one team type from every registered column of its event, one statement per column. */
export async function forgetTeamTypeEverywhere(
  tx: DbOrTx,
  eventId: string,
  teamTypeId: string,
): Promise<void> {
  for (const { table, eventId: eventIdColumn, columns } of references.values()) {
    for (const column of columns) {
      await tx.execute(
        sql`update ${table} set ${sql.identifier(column.name)} = array_remove(${column}, ${teamTypeId}::uuid)
            where ${eventIdColumn} = ${eventId} and ${teamTypeId}::uuid = any(${column})`,
      );
    }
  }
}

/** The names registered, for tests. */
export function registeredTeamTypeReferences(): string[] {
  return [...references.keys()];
}
