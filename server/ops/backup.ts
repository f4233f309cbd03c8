import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import type { Database } from '../platform/db/client';
import { openPglite } from '../platform/db/client';
import { databaseDirOf, holdsDatabase } from '../platform/db/dataDirLayout';
import type { Storage } from '../platform/storage';
import { holdRemovals } from '../platform/storage/removalHold';

/**
 * One archive (plain tar) holds an embedded install (decision 0032):
 *   portal-backup.json   what it is and when it was taken
 *   database.tar.gz      PGlite's own dump of its data dir, DATA_DIR/db (dumpDataDir, in memory)
 *   files/{key}          every stored object, streamed one at a time
 * The database's dump holds the database only: the files live beside it in DATA_DIR/files, not in
 * its folder (decision 0039). Archives taken before that hold the files in the dump as well; their
 * copy there is dropped on restore.
 * Consistent while the server runs: the process that owns the database takes it. PGlite runs one
 * query at a time, so its dump is a single instant; uploads store bytes before their row, so every
 * row in the dump has its file, and removals of stored files wait until the copy is done.
 */
export const MANIFEST = 'portal-backup.json';
const DATABASE_ENTRY = 'database.tar.gz';
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
    const dump = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    const createdAt = new Date().toISOString();
    await addEntry(pack, DATABASE_ENTRY, dump);
    let files = 0;
    let bytes = 0;
    for await (const object of storage.list()) {
      const body = await storage.read(object.key);
      if (!body) continue;
      await addStream(pack, `${FILES_PREFIX}${object.key}`, object.size, body);
      files += 1;
      bytes += object.size;
    }
    const result = { createdAt, files, bytes, databaseBytes: dump.length };
    await addEntry(
      pack,
      MANIFEST,
      Buffer.from(JSON.stringify({ format: 1, database: 'pglite', ...result }, null, 2)),
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
 * Restores an archive into a fresh data dir and the configured store: the database is loaded
 * from its dump (the server migrates it on start if the archive is older), files are streamed in.
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
  storage: Storage,
): Promise<RestoreSummary> {
  if (holdsDatabase(dataDir)) {
    throw new Error(`${dataDir} already holds a database: restore into a new, empty DATA_DIR`);
  }
  let dump: Buffer | null = null;
  let manifest: { createdAt?: string } | null = null;
  let files = 0;
  let bytes = 0;
  const extract = tar.extract();
  const done = pipeline(createReadStream(archive), extract);
  for await (const entry of extract) {
    const name = entry.header.name;
    if (name === DATABASE_ENTRY || name === MANIFEST) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (name === DATABASE_ENTRY) dump = Buffer.concat(chunks);
      else manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
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
  if (!dump || !manifest)
    throw new Error(`${archive} is not a portal backup (no ${!dump ? DATABASE_ENTRY : MANIFEST})`);
  const databaseDir = databaseDirOf(dataDir);
  const database = await openPglite(databaseDir, new Blob([new Uint8Array(dump)]));
  await database.close();
  // An archive from before decision 0039 dumped all of DATA_DIR: its files (restored above from
  // their own entries) and lock came along inside the database's folder.
  await rm(join(databaseDir, 'files'), { recursive: true, force: true });
  await rm(join(databaseDir, 'portal.lock'), { force: true });
  return { createdAt: manifest.createdAt ?? 'unknown', files, bytes };
}
