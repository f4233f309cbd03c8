import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../modules/events/service';
import { events } from '../../modules/events/tables';
import { writeBackupFile } from '../../ops/backup';
import { openRuntime } from '../bootstrap';
import { loadConfig } from '../config';
import { openDataDir, openPglite } from './client';
import { databaseDirOf, holdsDatabase, isDatabaseEntry, moveToDatabaseSubdir } from './dataDirLayout';
import { migrate } from './migrate';

/**
 * Decision 0039: PGlite lives in DATA_DIR/db, beside DATA_DIR/files. An install from before keeps
 * its database in DATA_DIR itself and is moved on its first start, safely at any interruption.
 * The embedded layout is the same whichever engine the run tests, so this runs in both runs.
 */

const silent = pino({ level: 'silent' });

/** A database in the old layout: PGlite's data dir is the DATA_DIR itself, the files beside it. */
async function oldLayout(dataDir: string, rows: string[]): Promise<void> {
  const database = await openPglite(dataDir);
  await database.db.execute(sql`create table kept (name text primary key)`);
  for (const name of rows) await database.db.execute(sql`insert into kept values (${name})`);
  await database.close();
  mkdirSync(join(dataDir, 'files', 'event-1'), { recursive: true });
  writeFileSync(join(dataDir, 'files', 'event-1', 'plan.pdf'), '%PDF-1.4 plan');
}

async function keptRows(dataDir: string): Promise<string[]> {
  const database = await openDataDir(dataDir);
  try {
    const result = (await database.db.execute(sql`select name from kept order by name`)) as unknown as {
      rows: { name: string }[];
    };
    return result.rows.map((r) => r.name);
  } finally {
    await database.close();
  }
}

function expectNewLayout(dataDir: string) {
  const top = readdirSync(dataDir);
  expect(top.filter(isDatabaseEntry)).toEqual([]);
  expect(top).not.toContain('db.moving');
  expect(existsSync(join(databaseDirOf(dataDir), 'PG_VERSION'))).toBe(true);
  expect(existsSync(join(databaseDirOf(dataDir), 'base'))).toBe(true);
  // The files stay where the disk store reads them, and out of the database's folder.
  expect(readdirSync(join(dataDir, 'files', 'event-1'))).toEqual(['plan.pdf']);
  expect(existsSync(join(databaseDirOf(dataDir), 'files'))).toBe(false);
}

// Each case opens PGlite on disk a few times: seconds apiece, tens of seconds on a loaded machine.
describe('the embedded database in DATA_DIR/db', { timeout: 180_000 }, () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'portal-layout-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('moves an old install at its first start, keeps its rows, and backs up the database without the files', async () => {
    const dataDir = join(tmp, 'old-install');
    // An old install: migrated and holding an event, its database right in DATA_DIR.
    const old = await openPglite(dataDir);
    await migrate(old);
    await old.close();
    mkdirSync(join(dataDir, 'files', 'event-1'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'event-1', 'plan.pdf'), '%PDF-1.4 plan');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    {
      const { ctx, shutdown } = await openRuntime(config, 'cli', silent);
      try {
        const eventId = await ctx.db.transaction((tx) =>
          createEvent(
            tx,
            {
              eventName: 'Old Layout Expo',
              shortName: 'Old Layout',
              startDate: '2027-05-10',
              endDate: '2027-05-12',
              timeZone: 'Europe/London',
              appUrl: 'https://portal.example.test',
            },
            'system',
          ),
        );
        expect(ctx.database.location).toBe(databaseDirOf(dataDir));
        writeFileSync(join(tmp, 'event-id'), eventId);
      } finally {
        await shutdown();
      }
    }
    expectNewLayout(dataDir);

    // Started again: nothing left to move, the same rows, the same files through the store.
    const { ctx, shutdown } = await openRuntime(config, 'cli', silent);
    try {
      const [event] = await ctx.db
        .select({ name: events.name })
        .from(events)
        .where(eq(events.id, String(readFileSync(join(tmp, 'event-id')))));
      expect(event?.name).toBe('Old Layout Expo');
      expect(await ctx.storage.stat('event-1/plan.pdf')).toEqual({ size: 13 });
      // The backup's database entry is the database alone: no stored file, no lock inside it.
      const archive = join(tmp, 'layout.tar');
      const summary = await writeBackupFile(ctx.database, ctx.storage, archive);
      expect(summary.files).toBe(1);
      const inDump = await databaseDumpEntries(archive);
      expect(inDump).toContain('PG_VERSION');
      expect(inDump.filter((name) => !isDatabaseEntry(name.split('/')[0]))).toEqual([]);
    } finally {
      await shutdown();
    }
  });

  it('finishes a move interrupted half-way, at either point', async () => {
    // Stopped while gathering: some entries in db.moving, PG_VERSION (moved last) still in DATA_DIR.
    const half = join(tmp, 'half');
    await oldLayout(half, ['a', 'b']);
    mkdirSync(join(half, 'db.moving'));
    for (const name of ['base', 'global', 'pg_wal'])
      renameSync(join(half, name), join(half, 'db.moving', name));
    expect(holdsDatabase(half)).toBe(true);
    expect(await keptRows(half)).toEqual(['a', 'b']);
    expectNewLayout(half);

    // Stopped before the last rename: everything in db.moving.
    const gathered = join(tmp, 'gathered');
    await oldLayout(gathered, ['c']);
    mkdirSync(join(gathered, 'db.moving'));
    for (const name of readdirSync(gathered).filter(isDatabaseEntry))
      renameSync(join(gathered, name), join(gathered, 'db.moving', name));
    expect(holdsDatabase(gathered)).toBe(true);
    expect(await keptRows(gathered)).toEqual(['c']);
    expectNewLayout(gathered);
    expect(moveToDatabaseSubdir(gathered)).toBe(false); // nothing left to do
  });

  it('refuses a data dir that holds a database in both places rather than choose one', async () => {
    const both = join(tmp, 'both');
    await oldLayout(both, ['old']);
    mkdirSync(databaseDirOf(both));
    writeFileSync(join(databaseDirOf(both), 'PG_VERSION'), '17\n');
    expect(() => moveToDatabaseSubdir(both)).toThrow('holds two databases');
    expect(existsSync(join(both, 'PG_VERSION'))).toBe(true); // untouched
  });

  it('leaves a new data dir alone', () => {
    const fresh = join(tmp, 'fresh');
    mkdirSync(fresh);
    expect(moveToDatabaseSubdir(fresh)).toBe(false);
    expect(holdsDatabase(fresh)).toBe(false);
    expect(readdirSync(fresh)).toEqual([]);
  });
});

/** The database's entry names inside the archive (its `database/` entries, decision 0049). */
async function databaseDumpEntries(archive: string): Promise<string[]> {
  const outer = tar.extract();
  const reading = pipeline(createReadStream(archive), outer);
  const names: string[] = [];
  for await (const entry of outer) {
    if (entry.header.name.startsWith('database/')) names.push(entry.header.name.slice('database/'.length));
    entry.resume();
  }
  await reading;
  return names.filter(Boolean);
}
