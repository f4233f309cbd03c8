import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The layout of an embedded install's DATA_DIR (decision 0039):
 *   DATA_DIR/db/      PGlite's own data dir (the database)
 *   DATA_DIR/files/   uploaded files (the disk store)
 *   DATA_DIR/portal.lock
 * Before, PGlite's data dir was DATA_DIR itself, so the files lay inside the database's directory
 * and PGlite's dumpDataDir (the backup) put every file in the dump a second time, in memory.
 */
export const DATABASE_SUBDIR = 'db';
/** Where a move in progress gathers the database's entries; renamed to `db` when complete. */
const MOVING_SUBDIR = 'db.moving';
/** Written by PostgreSQL first and present in every data dir: the mark of a database. */
const VERSION_FILE = 'PG_VERSION';

export function databaseDirOf(dataDir: string): string {
  return join(dataDir, DATABASE_SUBDIR);
}

/** The entries of a PostgreSQL data dir (PGlite's is one); anything else in DATA_DIR stays. */
export function isDatabaseEntry(name: string): boolean {
  return (
    name === VERSION_FILE ||
    name === 'base' ||
    name === 'global' ||
    name.startsWith('pg_') ||
    name.startsWith('postgresql.') ||
    name.startsWith('postmaster.')
  );
}

/** A data dir in the layout before decision 0039: the database's files right in DATA_DIR. */
export function holdsOldLayout(dataDir: string): boolean {
  return existsSync(join(dataDir, VERSION_FILE));
}

/** DATA_DIR holds a database, in either layout or half-way through the move. */
export function holdsDatabase(dataDir: string): boolean {
  return (
    holdsOldLayout(dataDir) ||
    existsSync(join(databaseDirOf(dataDir), VERSION_FILE)) ||
    existsSync(join(dataDir, MOVING_SUBDIR))
  );
}

/**
 * Moves an old-layout database into DATA_DIR/db, once, at start-up, before anything opens it (the
 * caller holds the data-dir lock). Safe to interrupt at any point: each step is a rename within
 * one directory tree (atomic, no bytes copied), entries gather in db.moving, PG_VERSION moves
 * last (while it is still in DATA_DIR, the next start sees an unfinished move and goes on), and
 * db.moving becomes db in one final rename. Returns whether it moved anything.
 */
export function moveToDatabaseSubdir(dataDir: string): boolean {
  const target = databaseDirOf(dataDir);
  const staging = join(dataDir, MOVING_SUBDIR);
  if (!holdsOldLayout(dataDir)) {
    // Interrupted after PG_VERSION moved, before the last rename: only that rename is left.
    if (existsSync(staging) && !existsSync(join(target, VERSION_FILE))) {
      renameSync(staging, target);
      return true;
    }
    return false;
  }
  if (existsSync(join(target, VERSION_FILE))) {
    throw new Error(
      `${dataDir} holds two databases (one in the data dir itself, one in ${DATABASE_SUBDIR}/): move one of them away`,
    );
  }
  mkdirSync(staging, { recursive: true });
  const entries = readdirSync(dataDir).filter(isDatabaseEntry);
  const last = entries.filter((name) => name === VERSION_FILE);
  for (const name of [...entries.filter((name) => name !== VERSION_FILE), ...last]) {
    renameSync(join(dataDir, name), join(staging, name));
  }
  // An empty db/ (left by an older start that failed before writing) is replaced by the rename.
  renameSync(staging, target);
  return true;
}
