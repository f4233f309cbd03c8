import pg from 'pg';
import type { Database } from './client';

/**
 * Runs `work` while holding a PostgreSQL session lock named `key`, on a connection of its own:
 * processes starting together on one database (decision 0052) take turns at what is not safe to
 * run twice at once (drizzle's migrations, pg-boss creating its queues' tables, which deadlocks).
 * The embedded database belongs to one process: there it just runs.
 */
export async function withStartupLock<T>(
  database: Database,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres' || !database.connectionString) return work();
  const holder = new pg.Client({ connectionString: database.connectionString, application_name: key });
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock(hashtext($1))', [key]);
    return await work();
  } finally {
    // Ending the session releases its lock, also when the work failed.
    await holder.end();
  }
}
