import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import type { Database } from '../platform/db/client';
import { openPglite } from '../platform/db/client';
import { databaseDirOf, holdsDatabase } from '../platform/db/dataDirLayout';
import type { Storage } from '../platform/storage';
import { holdRemovals } from '../platform/storage/removalHold';

/**
 * One archive (plain tar) holds an embedded install (decisions 0032, 0049):
 *   database/{path}      every file of PGlite's data dir, DATA_DIR/db, streamed from disk one at a
 *                        time (format 2); an in-memory database has no disk, so it is dumped as
 *   database.tar.gz      PGlite's own dump (dumpDataDir, one Blob in memory: format 1, as every
 *                        archive before decision 0049; both restore)
 *   files/{key}          every stored object, streamed one at a time
 *   portal-backup.json   what it is and when it was taken (last)
 * The database's entries hold the database only: the files live beside it in DATA_DIR/files, not
 * in its folder (decision 0039). Archives taken before that hold the files in the dump as well;
 * their copy there is dropped on restore.
 * Consistent while the server runs: the process that owns the database takes it. The database's
 * files are copied while PGlite's transaction and query locks are held (as its own close does), so
 * no statement runs and no transaction is open during the copy: one instant, as dumpDataDir's.
 * Uploads store bytes before their row, so every row in the copy has its file, and removals of
 * stored files wait until the copy is done.
 */
export const MANIFEST = 'portal-backup.json';
const DATABASE_ENTRY = 'database.tar.gz';
const DATABASE_PREFIX = 'database/';
const FILES_PREFIX = 'files/';

export type BackupSummary = { createdAt: string; files: number; bytes: number; databaseBytes: number };

export async function writeBackup(
  database: Database,
  storage: Storage,
  out: Writable,
): Promise<BackupSummary> {
  if (!database.pglite) {
    throw new Error(
      'backup archives the embedded database; on PostgreSQL use pg_dump and storage-copy (docs/operations.md)',
    );
  }
  const pglite = database.pglite;
  const pack = tar.pack();
  const written = pipeline(pack, out);
  const summary = await holdRemovals(storage, async () => {
    const createdAt = new Date().toISOString();
    const databaseBytes = pglite.dataDir?.startsWith('/')
      ? await addDatabaseFiles(pack, pglite)
      : await addDatabaseDump(pack, pglite);
    let files = 0;
    let bytes = 0;
    for await (const object of storage.list()) {
      const body = await storage.read(object.key);
      if (!body) continue;
      await addStream(pack, `${FILES_PREFIX}${object.key}`, object.size, body);
      files += 1;
      bytes += object.size;
    }
    const result = { createdAt, files, bytes, databaseBytes };
    const format = pglite.dataDir?.startsWith('/') ? 2 : 1;
    await addEntry(
      pack,
      MANIFEST,
      Buffer.from(JSON.stringify({ format, database: 'pglite', ...result }, null, 2)),
    );
    return result;
  });
  pack.finalize();
  await written;
  return summary;
}

/** Writes the archive to a file, aside first, so a failed backup never leaves a half archive under the name. */
export async function writeBackupFile(
  database: Database,
  storage: Storage,
  path: string,
): Promise<BackupSummary> {
  const partial = `${path}.part`;
  try {
    const summary = await writeBackup(database, storage, createWriteStream(partial));
    await rename(partial, path);
    return summary;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

type PGliteInstance = NonNullable<Database['pglite']>;

/**
 * The data dir's files, each streamed from disk into its own entry, so memory stays flat whatever
 * the database's size (PGlite's dumpDataDir reads every file into memory, then tars and gzips the
 * whole: decision 0049). Directories are entries too: PostgreSQL needs its empty ones. Held under
 * both of PGlite's locks, so nothing writes meanwhile; PGlite has no background writer, and its
 * files on disk are what its dump would have read.
 */
async function addDatabaseFiles(pack: tar.Pack, pglite: PGliteInstance): Promise<number> {
  const root = pglite.dataDir as string;
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      let bytes = 0;
      const walk = async (dir: string): Promise<void> => {
        for (const item of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
          a.name.localeCompare(b.name),
        )) {
          const path = join(dir, item.name);
          const name = `${DATABASE_PREFIX}${relative(root, path).split(sep).join('/')}`;
          if (item.isDirectory()) {
            await addDirectory(pack, name);
            await walk(path);
          } else if (item.isFile()) {
            const { size } = await stat(path);
            await addStream(pack, name, size, createReadStream(path));
            bytes += size;
          }
        }
      };
      await walk(root);
      return bytes;
    }),
  );
}

/** An in-memory database (tests) has no files on disk: PGlite's own dump, built in memory. */
async function addDatabaseDump(pack: tar.Pack, pglite: PGliteInstance): Promise<number> {
  const dump = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  await addEntry(pack, DATABASE_ENTRY, dump);
  return dump.length;
}

function addDirectory(pack: tar.Pack, name: string): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry({ name, type: 'directory' }, (err) => (err ? reject(err) : resolve())),
  );
}

function addEntry(pack: tar.Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry({ name, size: body.length }, body, (err) => (err ? reject(err) : resolve())),
  );
}

function addStream(pack: tar.Pack, name: string, size: number, body: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size }, (err) => (err ? reject(err) : resolve()));
    body.once('error', reject);
    body.pipe(entry);
  });
}

export type RestoreSummary = { createdAt: string; files: number; bytes: number };

/**
 * Restores an archive into a fresh data dir and the configured store: the database's files are
 * streamed to DATA_DIR/db (format 2) or loaded from PGlite's dump (format 1, in memory), files are
 * streamed in. The database is then opened once, which also checks it (the server migrates it on
 * start if the archive is older).
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
  storage: Storage,
): Promise<RestoreSummary> {
  if (holdsDatabase(dataDir)) {
    throw new Error(`${dataDir} already holds a database: restore into a new, empty DATA_DIR`);
  }
  const databaseDir = databaseDirOf(dataDir);
  let dump: Buffer | null = null;
  let databaseFiles = 0;
  let manifest: { createdAt?: string } | null = null;
  let files = 0;
  let bytes = 0;
  const extract = tar.extract();
  const done = pipeline(createReadStream(archive), extract);
  // A refused entry leaves the loop early and the pipeline then fails too ("premature close"):
  // the refusal is the error to report, not an unhandled rejection beside it.
  done.catch(() => {});
  for await (const entry of extract) {
    const name = entry.header.name;
    if (name === DATABASE_ENTRY || name === MANIFEST) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (name === DATABASE_ENTRY) dump = Buffer.concat(chunks);
      else manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } else if (name.startsWith(DATABASE_PREFIX)) {
      const path = insideOf(databaseDir, name.slice(DATABASE_PREFIX.length), archive);
      if (entry.header.type === 'directory') {
        await mkdir(path, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (entry.header.type === 'file') {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await pipeline(entry, createWriteStream(path, { mode: 0o600 }));
        databaseFiles += 1;
      } else {
        entry.resume();
      }
    } else if (name.startsWith(FILES_PREFIX) && entry.header.type === 'file') {
      const size = entry.header.size ?? 0;
      await storage.put(
        name.slice(FILES_PREFIX.length),
        Readable.from(entry, { objectMode: false }),
        'application/octet-stream',
      );
      files += 1;
      bytes += size;
    } else {
      entry.resume();
    }
  }
  await done;
  if ((!dump && databaseFiles === 0) || !manifest)
    throw new Error(
      `${archive} is not a portal backup (no ${!manifest ? MANIFEST : `${DATABASE_PREFIX} or ${DATABASE_ENTRY}`})`,
    );
  const database = await openPglite(databaseDir, dump ? new Blob([new Uint8Array(dump)]) : undefined);
  await database.close();
  // An archive from before decision 0039 dumped all of DATA_DIR: its files (restored above from
  // their own entries) and lock came along inside the database's folder.
  await rm(join(databaseDir, 'files'), { recursive: true, force: true });
  await rm(join(databaseDir, 'portal.lock'), { force: true });
  return { createdAt: manifest.createdAt ?? 'unknown', files, bytes };
}

/** An entry's path inside the database's folder; a name that climbs out of it is refused. */
function insideOf(dir: string, name: string, archive: string): string {
  const root = resolve(dir);
  const path = resolve(root, name);
  if (path !== root && !path.startsWith(`${root}${sep}`))
    throw new Error(`${archive} is not a portal backup (an entry outside the database: ${name})`);
  return path;
}
