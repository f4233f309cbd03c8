import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { events } from '../modules/events/tables';
import { openRuntime } from '../platform/bootstrap';
import { loadConfig } from '../platform/config';
import type { AppContext } from '../platform/context';
import { databaseDirOf } from '../platform/db/dataDirLayout';
import { createDiskStorage, type Storage } from '../platform/storage';
import { bundleCli, type CliBundle } from '../test/cliProcess';
import { createTestDatabaseUrl } from '../test/harness';
import { type LocalS3, startLocalS3 } from '../test/s3Server';

/**
 * The four operator commands of issue 20 as an operator runs them: the real CLI in its own
 * process, on the engine under test (a PGlite data dir, or a scratch PostgreSQL database with the
 * files in DATA_DIR/files), checked by exit code, output and what is left on disk and in the
 * database afterwards. The services themselves are tested in ops.test.ts.
 */

type Env = Record<string, string>;

async function withRuntime(env: Env, role: 'server' | 'cli', fn: (ctx: AppContext) => Promise<void>) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const runtime = await openRuntime(config, role, pino({ level: 'silent' }));
  try {
    await fn(runtime.ctx);
  } finally {
    await runtime.shutdown();
  }
}

async function bytesOf(storage: Storage, key: string): Promise<string | null> {
  const body = await storage.read(key);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const fileOf = (eventId: string) => `${eventId}/asset/0190aaaa-0000-7000-8000-000000000001/original.pdf`;
const pdf = (name: string) => `%PDF-1.4 ${name} floor plan`;

// Each command is a process that opens the database: seconds apiece when the machine is quiet, but
// 10-45 s each at a load of 35 on two cores (measured), and a case runs up to nine of them.
describe('operator commands as a real CLI process', { timeout: 600_000 }, () => {
  const onPostgres = Boolean(inject('databaseUrl'));
  let tmp: string;
  let cli: CliBundle;
  let env: Env;
  let dropDatabase = async () => {};
  const ids: Record<'doomed' | 'kept', string> = { doomed: '', kept: '' };

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'portal-ops-cli-'));
    cli = await bundleCli('ops-cli-test');
    env = { DATA_DIR: join(tmp, 'data') };
    if (onPostgres) {
      const db = await createTestDatabaseUrl();
      env.DATABASE_URL = db.url;
      dropDatabase = db.drop;
    }
    for (const which of ['doomed', 'kept'] as const) {
      const made = await cli.run(env, [
        'create-event',
        '--name',
        `${which === 'doomed' ? 'Doomed' : 'Kept'} CLI Expo`,
        '--admin-email',
        `${which}@cli.example`,
        '--admin-password',
        'S0me-long-pass',
        '--json',
      ]);
      expect(made.code, made.stderr).toBe(0);
      ids[which] = JSON.parse(made.stdout).eventId;
    }
    await withRuntime(env, 'cli', async (ctx) => {
      for (const which of ['doomed', 'kept'] as const)
        await ctx.storage.put(fileOf(ids[which]), Buffer.from(pdf(which)), 'application/pdf');
    });
  }, 600_000);
  afterAll(async () => {
    await dropDatabase();
    cli?.remove();
    rmSync(tmp, { recursive: true, force: true });
  });

  it.skipIf(onPostgres)(
    'backup and restore an embedded install, with and without the server running',
    async () => {
      // No server: the CLI opens the data dir itself.
      const offline = join(tmp, 'offline.tar');
      const taken = await cli.run(env, ['backup', '--out', offline, '--json']);
      expect(taken.code, taken.stderr).toBe(0);
      expect(JSON.parse(taken.stdout)).toMatchObject({ files: 2, out: offline });
      expect(existsSync(offline)).toBe(true);

      // The server holds the data dir: the CLI asks it for the backup over its socket.
      const online = join(tmp, 'online.tar');
      await withRuntime(env, 'server', async () => {
        const busy = await cli.run(env, ['purge-event', '--event', ids.doomed, '--yes']);
        expect(busy.code).toBe(1);
        expect(busy.stderr).toContain('is in use by the portal server');
        const asked = await cli.run(env, ['backup', '--out', online, '--json']);
        expect(asked.code, asked.stderr).toBe(0);
        expect(JSON.parse(asked.stdout)).toMatchObject({ files: 2, out: online });
      });

      const restoredEnv = { DATA_DIR: join(tmp, 'restored') };
      const restored = await cli.run(restoredEnv, ['restore', '--from', online, '--json']);
      expect(restored.code, restored.stderr).toBe(0);
      expect(JSON.parse(restored.stdout)).toMatchObject({ files: 2 });
      expect(existsSync(join(databaseDirOf(restoredEnv.DATA_DIR), 'PG_VERSION'))).toBe(true);
      const again = await cli.run(restoredEnv, ['restore', '--from', online]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds a database');
      const notBackup = await cli.run({ DATA_DIR: join(tmp, 'other') }, [
        'restore',
        '--from',
        join(tmp, 'nowhere.tar'),
      ]);
      expect(notBackup.code).toBe(1);

      await withRuntime(restoredEnv, 'cli', async (ctx) => {
        const rows = await ctx.db.select({ name: events.name }).from(events);
        expect(rows.map((r) => r.name).sort()).toEqual(['Doomed CLI Expo', 'Kept CLI Expo']);
        expect(await bytesOf(ctx.storage, fileOf(ids.doomed))).toBe(pdf('doomed'));
        expect(await bytesOf(ctx.storage, fileOf(ids.kept))).toBe(pdf('kept'));
      });
    },
  );

  it.runIf(onPostgres)('backup and restore refuse on PostgreSQL, pointing at pg_dump', async () => {
    const taken = await cli.run(env, ['backup', '--out', join(tmp, 'pg.tar')]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('pg_dump');
    expect(existsSync(join(tmp, 'pg.tar'))).toBe(false);
    const restored = await cli.run(env, ['restore', '--from', join(tmp, 'pg.tar')]);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toContain('pg_restore');
  });

  describe('storage-copy', () => {
    let s3: LocalS3;
    beforeAll(async () => {
      s3 = await startLocalS3('cli-copy');
    });
    afterAll(() => s3.close());

    it('copies the files to S3 (exit 0), skips them when run again, copies them back to another data dir', async () => {
      const toS3 = { ...env, ...s3.env, STORAGE: 'disk' };
      const there = await cli.run(toS3, ['storage-copy', '--to', 's3', '--json']);
      expect(there.code, there.stderr).toBe(0);
      expect(JSON.parse(there.stdout)).toMatchObject({
        direction: 'disk -> s3',
        copied: 2,
        skipped: 0,
        failed: [],
      });
      const again = await cli.run(toS3, ['storage-copy', '--to', 's3', '--json']);
      expect(JSON.parse(again.stdout)).toMatchObject({ copied: 0, skipped: 2 });

      const backHome = { DATA_DIR: join(tmp, 'copied-back'), ...s3.env };
      const back = await cli.run(backHome, ['storage-copy', '--to', 'disk', '--json']);
      expect(back.code, back.stderr).toBe(0);
      expect(JSON.parse(back.stdout)).toMatchObject({ direction: 's3 -> disk', copied: 2 });
      const disk = createDiskStorage(join(backHome.DATA_DIR, 'files'));
      expect(await bytesOf(disk, fileOf(ids.doomed))).toBe(pdf('doomed'));

      const wrong = await cli.run(toS3, ['storage-copy', '--to', 'ftp']);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('--to must be s3 or disk');
      const noBucket = await cli.run(env, ['storage-copy', '--to', 's3']);
      expect(noBucket.code).toBe(1);
      expect(noBucket.stderr).toContain('S3_BUCKET');
    });
  });

  it('purge-event asks for the name, removes nothing on a wrong one, and everything of the event on the right one', async () => {
    const unknown = await cli.run(env, [
      'purge-event',
      '--event',
      '00000000-0000-4000-8000-000000000000',
      '--yes',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Event ID not found');

    const wrong = await cli.run(env, ['purge-event', '--event', ids.doomed], 'Kept CLI Expo\n');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Type the event's name to confirm");
    expect(wrong.stderr).toContain('nothing was removed');
    // No input at all (a script that forgot --yes): refused, not a silent success.
    const silent = await cli.run(env, ['purge-event', '--event', ids.doomed]);
    expect(silent.code).toBe(1);
    expect(silent.stderr).toContain('No name was typed');
    await withRuntime(env, 'cli', async (ctx) => {
      expect(await ctx.db.select().from(events).where(eq(events.id, ids.doomed))).toHaveLength(1);
      expect(await bytesOf(ctx.storage, fileOf(ids.doomed))).toBe(pdf('doomed'));
    });

    const typed = await cli.run(env, ['purge-event', '--event', ids.doomed, '--json'], 'Doomed CLI Expo\n');
    expect(typed.code, typed.stderr).toBe(0);
    expect(JSON.parse(typed.stdout.slice(typed.stdout.indexOf('{')))).toMatchObject({
      eventId: ids.doomed,
      name: 'Doomed CLI Expo',
      files: 1,
    });
    await withRuntime(env, 'cli', async (ctx) => {
      expect(await ctx.db.select().from(events).where(eq(events.id, ids.doomed))).toEqual([]);
      expect(await bytesOf(ctx.storage, fileOf(ids.doomed))).toBeNull();
      expect(await ctx.db.select().from(events).where(eq(events.id, ids.kept))).toHaveLength(1);
      expect(await bytesOf(ctx.storage, fileOf(ids.kept))).toBe(pdf('kept'));
    });

    const scripted = await cli.run(env, ['purge-event', '--event', ids.kept, '--yes', '--json']);
    expect(scripted.code, scripted.stderr).toBe(0);
    expect(JSON.parse(scripted.stdout)).toMatchObject({ eventId: ids.kept, files: 1 });
  });
});
