import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './client';

/** One key for every process of an install: a second process waits while the first migrates. */
const MIGRATION_LOCK = 'portal_migrations';

/** Applies the drizzle-kit migrations, the same files on both engines. */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  // Several processes start at once on one PostgreSQL (decision 0052): drizzle's migrator takes
  // no lock, so two of them on a new database would both create the same tables. A session lock
  // on a connection of its own serialises them; the second then finds nothing left to apply.
  const holder = database.connectionString ? new pg.Client(database.connectionString) : null;
  await holder?.connect();
  try {
    await holder?.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    await migratePg(database.db as unknown as NodePgDatabase, config);
  } finally {
    // Ending the session releases its lock, also when the migration failed.
    await holder?.end();
  }
}
