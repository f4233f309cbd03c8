import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { createTestDatabaseUrl } from '../../../test/harness';

const ROWS = 1500;
const DRIVER = join(__dirname, '../../../test/importCrashDriver.ts');

/** Runs a phase of the driver in its own process; resolves with its JSON lines. */
function run(phase: 'start' | 'resume', dataDir: string, env: NodeJS.ProcessEnv) {
  // node itself (tsx as a loader), so that SIGKILL hits the server process, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', DRIVER, phase, dataDir, String(ROWS)], {
    env: { ...env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.startsWith('{')) lines.push(JSON.parse(line));
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, ended, errors: () => errors };
}

async function waitFor(check: () => boolean, ms: number, what: string, child: ChildProcess) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

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
    // A failed or timed-out run must not leave a server process behind (as in sigterm.test.ts).
    const children: ReturnType<typeof run>[] = [];
    onTestFinished(() => {
      for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    });
    try {
      const first = run('start', dataDir, env);
      children.push(first);
      await waitFor(() => first.lines.length > 0, 120_000, 'start', first.child);
      expect(first.lines[0]).toMatchObject({ phase: 'started', status: 202 });
      // Let it make some of the teams, then kill it without a chance to clean up.
      await new Promise((r) => setTimeout(r, 4000));
      first.child.kill('SIGKILL');
      await first.ended;

      const restarted = Date.now();
      const second = run('resume', dataDir, env);
      children.push(second);
      const code = await second.ended;
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
