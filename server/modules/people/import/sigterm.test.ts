import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startScript } from '../../../test/childProcess';
import { createTestDatabaseUrl } from '../../../test/harness';
import { type DriverStart, untilRowsDone } from './importTestKit';

// SIGTERM comes as soon as the import shows its first rows done (polled, not a fixed wait). The
// counters are flushed every 500 ms and PostgreSQL imports six rows at a time, 400 or more a
// second unloaded (it once made all 400 within the 1.5 s the test used to wait), so it gets more
// rows; few enough on PGlite that at a load of 15 on two cores it imports the rest within minutes.
const ROWS_ON = { postgres: 2000, pglite: 400 };
const DRIVER = join(__dirname, '../../../test/importCrashDriver.ts');

/** One phase of the driver in its own process (node with tsx as a loader, so signals reach it). */
const run = (phase: 'start' | 'resume', dataDir: string, rows: number, env: NodeJS.ProcessEnv) =>
  startScript(`import ${phase}`, DRIVER, [phase, dataDir, String(rows)], { ...env, NODE_ENV: 'test' });

async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * SIGTERM to a real server process in the middle of a team import and a burst of requests: it
 * drains (exit 0 inside its 30 s), every write it acknowledged is stored and nothing it refused
 * is, and the import, handed back to the queue, finishes after a restart with every row made once.
 */
// Un-skipped with decision 0049: on PGlite the import held the event loop (SIGTERM unseen until it
// ended), and the import ran on past the queue's graceful stop; it now takes a turn of the loop
// between rows and hands its job back when the queue stops. About 40-80 s a run (the resume
// waits for the retry's 10-20 s delay, then imports the rest): the figures are in the decision.
describe('SIGTERM during a team import and a burst of requests', () => {
  it('drains, keeps every acknowledged write, and the import finishes after the restart', {
    timeout: 300_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-sigterm-'));
    const pg = inject('databaseUrl') ? await createTestDatabaseUrl() : null;
    const { DATABASE_URL: _ignored, ...base } = process.env;
    const env = pg ? { ...base, DATABASE_URL: pg.url } : base;
    const ROWS = pg ? ROWS_ON.postgres : ROWS_ON.pglite;
    // A failed or timed-out run leaves no server process behind: startScript kills it with the test.
    try {
      const first = run('start', dataDir, ROWS, env);
      await until(() => first.lines.length > 0 || first.child.exitCode !== null, 150_000, 'start');
      const started = first.lines[0] as DriverStart;
      expect(started, first.errors()).toMatchObject({ phase: 'started', status: 202 });
      // Some teams made, then a burst of writes with SIGTERM half-way through it.
      const doneAtSignal = await untilRowsDone(started, first.errors);
      expect(doneAtSignal, 'the import ended before the test could signal').toBeLessThan(ROWS);
      let sent = 0;
      const write = (i: number) => {
        sent += 1;
        return fetch(`${started.base}/api/events/${started.eventId}/team-types`, {
          method: 'POST',
          headers: { cookie: started.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Burst type ${i}` }),
        })
          .then((res) => ({ i, status: res.status }))
          .catch(() => ({ i, status: 0 }));
      };
      const burst: Promise<{ i: number; status: number }>[] = [];
      for (let i = 0; i < 30; i++) {
        burst.push(write(i));
        if (i === 10) {
          await new Promise((r) => setTimeout(r, 20));
          first.child.kill('SIGTERM');
        }
      }
      const signalled = Date.now();
      const { code } = await first.ended;
      const drainSeconds = (Date.now() - signalled) / 1000;
      expect(code, `after ${drainSeconds} s: ${first.errors()}`).toBe(0);
      expect(drainSeconds).toBeLessThan(30);
      const results = await Promise.all(burst);
      expect(sent).toBe(30);
      for (const r of results) expect([201, 503, 0]).toContain(r.status);
      const acknowledged = results.filter((r) => r.status === 201).map((r) => `Burst type ${r.i}`);

      const second = run('resume', dataDir, ROWS, env);
      const { code: resumed } = await second.ended;
      expect(resumed, second.errors()).toBe(0);
      const [result] = second.lines as Record<string, unknown>[];
      // Where the time went, in the test's output (a slow run under load says which phase it was).
      console.info(
        `SIGTERM test: rows done when polled before SIGTERM ${doneAtSignal}; drain ${drainSeconds} s; resume ${result.seconds} s (rows done at restart ${result.doneAtOpen}, moving again after ${result.movedAfter} s); job handed back ${JSON.stringify(result.handedBack)}`,
      );
      // The import was still going at SIGTERM, so it was handed back, not finished by the drain.
      expect(result.doneAtOpen).toBeLessThan(ROWS);
      expect(result).toMatchObject({
        state: 'done',
        readyRows: ROWS,
        createdRows: ROWS,
        doneRows: ROWS,
        failedRows: 0,
      });
      const stored = (result.teamTypes as string[]).filter((name) => name.startsWith('Burst type'));
      expect(stored.sort()).toEqual(acknowledged.sort());
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
