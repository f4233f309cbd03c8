import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startScript } from '../../../test/childProcess';
import { createTestDatabaseUrl } from '../../../test/harness';

const ROWS = 1500;
const DRIVER = join(__dirname, '../../../test/importCrashDriver.ts');

/** Runs a phase of the driver in its own process (node with tsx as a loader, so SIGKILL hits it). */
const run = (phase: 'start' | 'resume', dataDir: string, env: NodeJS.ProcessEnv) =>
  startScript(`import ${phase}`, DRIVER, [phase, dataDir, String(ROWS)], { ...env, NODE_ENV: 'test' });

/**
 * kill -9 a real server process in the middle of a team import, start another on the same
 * database: the import resumes by itself (the killed job stops beating, the queue fails it and
 * retries it) and finishes with every row made once.
 */
describe('a team import survives kill -9', () => {
  it('resumes after a restart and makes every team exactly once', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    const pg = inject('databaseUrl') ? await createTestDatabaseUrl() : null;
    const { DATABASE_URL: _ignored, ...base } = process.env;
    const env = pg ? { ...base, DATABASE_URL: pg.url } : base;
    // A failed or timed-out run leaves no server process behind: startScript kills it with the test.
    try {
      const first = run('start', dataDir, env);
      expect(await first.line(() => true, 120_000)).toMatchObject({ phase: 'started', status: 202 });
      // Let it make some of the teams, then kill it without a chance to clean up.
      await new Promise((r) => setTimeout(r, 4000));
      first.child.kill('SIGKILL');
      await first.ended;

      const restarted = Date.now();
      const second = run('resume', dataDir, env);
      const { code } = await second.ended;
      expect(code, second.errors()).toBe(0);
      const [result] = second.lines;
      expect(result).toMatchObject({
        state: 'done',
        readyRows: ROWS,
        createdRows: ROWS,
        doneRows: ROWS,
        failedRows: 0,
      });
      // Heartbeat 20 s + supervision 10 s + retry delay 10 s, plus the rest of the rows.
      expect((Date.now() - restarted) / 1000).toBeLessThan(180);
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
