import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startScript } from '../../../test/childProcess';
import { createTestDatabaseUrl } from '../../../test/harness';
import { type DriverStart, untilRowsDone } from './importTestKit';

// PostgreSQL imports six rows at a time; PGlite one, and at a load of 25 on two cores a few a second.
const ROWS_ON = { postgres: 1500, pglite: 400 };
const DRIVER = join(__dirname, '../../../test/importCrashDriver.ts');

/** Runs a phase of the driver in its own process (node with tsx as a loader, so SIGKILL hits it). */
const run = (phase: 'start' | 'resume', dataDir: string, rows: number, env: NodeJS.ProcessEnv) =>
  startScript(`import ${phase}`, DRIVER, [phase, dataDir, String(rows)], { ...env, NODE_ENV: 'test' });

/**
 * kill -9 a real server process in the middle of a team import, start another on the same
 * database: the import resumes by itself (the killed job stops beating, the queue fails it and
 * retries it) and finishes with every row made once.
 */
describe('a team import survives kill -9', () => {
  it('resumes after a restart and makes every team exactly once', { timeout: 360_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    const pg = inject('databaseUrl') ? await createTestDatabaseUrl() : null;
    const { DATABASE_URL: _ignored, ...base } = process.env;
    const env = pg ? { ...base, DATABASE_URL: pg.url } : base;
    const ROWS = pg ? ROWS_ON.postgres : ROWS_ON.pglite;
    // A failed or timed-out run leaves no server process behind: startScript kills it with the test.
    try {
      const first = run('start', dataDir, ROWS, env);
      const started = (await first.line(() => true, 120_000)) as DriverStart;
      expect(started).toMatchObject({ phase: 'started', status: 202 });
      // Once it has made some of the teams, kill it without a chance to clean up.
      const doneAtKill = await untilRowsDone(started, first.errors);
      first.child.kill('SIGKILL');
      expect(doneAtKill, 'the import ended before the test could kill it').toBeLessThan(ROWS);
      await first.ended;

      const restarted = Date.now();
      const second = run('resume', dataDir, ROWS, env);
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
