import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../platform/db/client';
import { databaseDirOf } from '../platform/db/dataDirLayout';
import { createDiskStorage } from '../platform/storage';
import { MANIFEST, restoreBackup, writeBackupFile } from './backup';

/** The archive's entry names, and its manifest. */
async function entriesOf(archive: string): Promise<{ names: string[]; manifest: Record<string, unknown> }> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), extract);
  const names: string[] = [];
  let manifest: Record<string, unknown> = {};
  for await (const entry of extract) {
    names.push(entry.header.name);
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (entry.header.name === MANIFEST) manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }
  await reading;
  return { names, manifest };
}

async function seeded(database: Database): Promise<void> {
  await database.pglite?.exec(`create table kept (id int primary key, note text);
    insert into kept select i, 'row ' || i from generate_series(1, 500) i;`);
}

async function keptRows(dataDir: string): Promise<{ count: number; last: string }> {
  const database = await openPglite(databaseDirOf(dataDir));
  try {
    const result = await database.pglite?.query<{ count: number; last: string }>(
      `select count(*)::int as count, max(note) filter (where id = 500) as last from kept`,
    );
    return result?.rows[0] ?? { count: 0, last: '' };
  } finally {
    await database.close();
  }
}

/**
 * The archive of an install on disk streams the database's files (format 2, decision 0049); an
 * in-memory database still writes PGlite's dump (format 1), and so did every archive before: both
 * restore to a data dir that opens with the same rows, the stored files beside it.
 */
/**
 * Each case creates and opens PGlite databases (an initdb each, then a restore): seconds on an idle
 * machine, but over the project's 30 s on one loaded to 45 on 2 cores (a CI run beside five
 * engineers' tests), so the cases get the room a slow machine needs instead of failing by chance.
 */
describe('backup archive formats', { timeout: 180_000 }, () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'portal-archive-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('streams the database files of a data dir and restores them', async () => {
    const live = join(tmp, 'live');
    const database = await openPglite(databaseDirOf(live));
    const storage = createDiskStorage(join(live, 'files'));
    await storage.put('event-1/plan.pdf', Readable.from([Buffer.from('%PDF-1.4 plan')]), 'application/pdf');
    try {
      await seeded(database);
      const summary = await writeBackupFile(database, storage, join(tmp, 'disk.tar'));
      expect(summary).toMatchObject({ files: 1, bytes: 13 });
      expect(summary.databaseBytes).toBeGreaterThan(1_000_000);
    } finally {
      await database.close();
    }
    const { names, manifest } = await entriesOf(join(tmp, 'disk.tar'));
    expect(manifest).toMatchObject({ format: 2, database: 'pglite', files: 1 });
    expect(names).toContain('database/PG_VERSION');
    expect(names).toContain('database/pg_wal');
    expect(names).not.toContain('database.tar.gz');
    expect(names).toContain('files/event-1/plan.pdf');
    expect(names.at(-1)).toBe(MANIFEST);

    const restoredFiles = createDiskStorage(join(tmp, 'restored', 'files'));
    const restored = await restoreBackup(join(tmp, 'disk.tar'), join(tmp, 'restored'), restoredFiles);
    expect(restored).toMatchObject({ files: 1, bytes: 13 });
    expect(await keptRows(join(tmp, 'restored'))).toEqual({ count: 500, last: 'row 500' });
    expect(await restoredFiles.stat('event-1/plan.pdf')).toEqual({ size: 13 });
  });

  it("restores PGlite's own dump (format 1: an in-memory database, and archives from before)", async () => {
    const database = await openPglite(undefined);
    const storage = createDiskStorage(join(tmp, 'memory-files'));
    try {
      await seeded(database);
      await writeBackupFile(database, storage, join(tmp, 'dump.tar'));
    } finally {
      await database.close();
    }
    const { names, manifest } = await entriesOf(join(tmp, 'dump.tar'));
    expect(manifest).toMatchObject({ format: 1, files: 0 });
    expect(names).toEqual(['database.tar.gz', MANIFEST]);
    await restoreBackup(join(tmp, 'dump.tar'), join(tmp, 'from-dump'), createDiskStorage(join(tmp, 'x')));
    expect(await keptRows(join(tmp, 'from-dump'))).toEqual({ count: 500, last: 'row 500' });
  });

  it('refuses an entry that would land outside the database folder, and an archive with no database', async () => {
    const pack = tar.pack();
    pack.entry({ name: 'database/../../escaped' }, 'x');
    pack.entry({ name: MANIFEST }, '{"format":2}');
    pack.finalize();
    await pipeline(pack, createWriteStream(join(tmp, 'bad.tar')));
    await expect(
      restoreBackup(join(tmp, 'bad.tar'), join(tmp, 'bad'), createDiskStorage(join(tmp, 'bad-files'))),
    ).rejects.toThrow('an entry outside the database');

    const empty = tar.pack();
    empty.entry({ name: MANIFEST }, '{"format":2}');
    empty.finalize();
    await pipeline(empty, createWriteStream(join(tmp, 'empty.tar')));
    await expect(
      restoreBackup(join(tmp, 'empty.tar'), join(tmp, 'empty'), createDiskStorage(join(tmp, 'e-files'))),
    ).rejects.toThrow('is not a portal backup');
  });
});
