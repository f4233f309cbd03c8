import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { readCache } from '../cache';
import { runBeforeCommitHooks } from './beforeCommit';
import { notifyingClient } from './cacheNotify';
import { databaseDirOf, moveToDatabaseSubdir } from './dataDirLayout';
// Queries name their tables (no relational db.query API), so the client needs no schema and the
// platform imports no module's tables; drizzle-kit reads them from server/schema.ts.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Code that may run inside or outside a transaction takes either. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Where the data lives, for the start-up log (a path or a URL without its password). */
  location: string;
  /** The raw PGlite instance, when embedded (pg-boss talks to it through its adapter). */
  pglite?: PGlite;
  /** The connection string, when on PostgreSQL (pg-boss opens its own pool). */
  connectionString?: string;
  /** The pool's connections, on PostgreSQL (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? { dataDir, loadDataDir } : { loadDataDir });
  return {
    // Every statement is shown to the read cache, which drops what a write changes (decision 0042).
    db: runBeforeCommitHooks(
      drizzlePglite({
        client,
        logger: { logQuery: (text) => readCache.noteStatement(text) },
      }) as unknown as Db,
    ),
    kind: 'pglite',
    location: dataDir ?? 'memory',
    pglite: client,
    close: () => client.close(),
  };
}

/**
 * The embedded database of an install's DATA_DIR: PGlite in DATA_DIR/db, next to the files, moved
 * there first from an older install's layout (decision 0039). The caller holds the data-dir lock.
 */
export async function openDataDir(
  dataDir: string,
  onMoved: (from: string, to: string) => void = () => {},
): Promise<Database> {
  if (moveToDatabaseSubdir(dataDir)) onMoved(dataDir, databaseDirOf(dataDir));
  return openPglite(databaseDirOf(dataDir));
}

export async function openPostgres(
  connectionString: string,
  onIdleError: (err: Error) => void = () => {},
): Promise<Database> {
  // Every statement is shown to the read cache, and a write to a cached model's tables is told to
  // every process at its commit (decision 0051).
  const pool = new pg.Pool({ connectionString, max: 10, Client: notifyingClient(readCache) });
  // An idle connection the server ends (a restart, a dropped test database: 57P01) is an 'error'
  // event; unheard, it would crash the process. The pool already discards that connection.
  pool.on('error', onIdleError);
  await pool.query('select 1');
  return {
    db: runBeforeCommitHooks(drizzlePg({ client: pool }) as unknown as Db),
    kind: 'postgres',
    location: connectionString.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@'),
    connectionString,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
