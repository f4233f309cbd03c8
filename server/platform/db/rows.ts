import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Runs a raw statement and returns its rows. Both drivers (node-postgres, PGlite) answer
 * `{ rows }`, but the HKT-generic type of drizzle's execute() cannot say so: this is the one place
 * that casts.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Whether pg-boss's job table exists: not on an install whose server never started its queue, nor
 * in a test database where jobs run inline (and leave nothing waiting).
 */
export async function queueTableExists(db: DbOrTx): Promise<boolean> {
  const [row] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null as present`,
  );
  return row?.present === true;
}
