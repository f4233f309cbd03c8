import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './client';
import { withStartupLock } from './startupLock';

/** Applies the drizzle-kit migrations, the same files on both engines. */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  // Drizzle's migrator takes no lock: two processes starting on a new database would both create
  // the same tables. The second waits, then finds nothing left to apply.
  await withStartupLock(database, 'portal_migrations', () =>
    migratePg(database.db as unknown as NodePgDatabase, config),
  );
}
