import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startScript } from '../../test/childProcess';
import { createTestDatabaseUrl } from '../../test/harness';
import { editionEventId } from './clone/service';

const DRIVER = join(__dirname, '../../test/cloneCrashDriver.ts');

/** Runs a phase of the driver in its own process (its JSON lines, how it ended; killed with the test). */
const run = (args: string[], env: NodeJS.ProcessEnv) =>
  startScript(`clone ${args[0]}`, DRIVER, args, { ...env, NODE_ENV: 'test' });

/** Every file under a folder of the disk store, as store keys. */
function filesUnder(dataDir: string, folder: string): string[] {
  try {
    return readdirSync(join(dataDir, 'files', folder), { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => join(f.parentPath, f.name).slice(join(dataDir, 'files').length + 1));
  } catch {
    return [];
  }
}

/**
 * kill -9 a real process in the middle of a clone, after its files are stored and before its one
 * transaction commits: the copies stay in the store with no row. The clone's job, run again by the
 * next process, removes them before it starts, so afterwards the store holds only the files the
 * committed copy names (decision 0054).
 */
describe('a clone killed half-way leaves no orphan files', () => {
  it('its retry removes what the killed attempt stored', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-clone-crash-'));
    const pg = inject('databaseUrl') ? await createTestDatabaseUrl() : null;
    const { DATABASE_URL: _ignored, ...base } = process.env;
    const env = pg ? { ...base, DATABASE_URL: pg.url } : base;
    try {
      const killed = run(['kill', dataDir], env);
      const end = await killed.ended;
      expect(end.signal, killed.errors()).toBe('SIGKILL');
      const [cloning] = killed.lines as { job: { cloneId: string } }[];
      const job = cloning.job;
      const folder = editionEventId(job.cloneId);
      const orphans = filesUnder(dataDir, folder);
      expect(orphans.length).toBeGreaterThan(0);

      const retried = run(['retry', dataDir, JSON.stringify(job)], env);
      expect((await retried.ended).code, retried.errors()).toBe(0);
      const [result] = retried.lines as {
        stateBefore: string;
        state: string;
        newEventId: string;
        stored: string[];
        named: string[];
      }[];
      expect(result).toMatchObject({ stateBefore: 'running', state: 'done', newEventId: folder });
      expect(result.named.length).toBeGreaterThan(0);
      expect(result.stored).toEqual(result.named);
      expect(filesUnder(dataDir, folder).sort()).toEqual(result.named);
      for (const key of orphans) expect(result.stored).not.toContain(key);
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
