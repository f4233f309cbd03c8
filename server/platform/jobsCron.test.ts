import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { startScript } from '../test/childProcess';
import { createTestDatabaseUrl } from '../test/harness';

/**
 * Issue 20, "a job never runs twice": two worker processes (server/test/cronWorker.ts) on one
 * PostgreSQL database, one job scheduled every minute. pg-boss 10 queues a tick from whichever
 * process's cron monitor takes `pgboss.version.cron_on` (at most one per monitor interval), and
 * each tick's queueing carries a singleton key per minute, so the many tries of both processes
 * queue it once; SKIP LOCKED hands the queued job to one worker. Here both look every second
 * (dozens of tries per tick). The worker that ran the first tick is then killed (SIGKILL): the
 * other queues and runs the next one. pg-boss's send-it jobs, which turn a tick into its job, are
 * not retried here (jobsPgBoss.ts, sendTicksAtMostOnce). A tick is a minute, the smallest pg-boss cron knows, so the
 * test waits for two minute boundaries: 1.5 to 2.5 minutes.
 */
const onPostgres = Boolean(inject('databaseUrl'));
const WORKER = join(__dirname, '../test/cronWorker.ts');

type Run = { pid: number; minute: string };

describe.skipIf(!onPostgres)('scheduled jobs with two workers on one PostgreSQL', () => {
  it('each tick runs once across both, and the schedule goes on when one is killed', {
    timeout: 300_000,
  }, async () => {
    const { url, drop } = await createTestDatabaseUrl();
    onTestFinished(drop);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    onTestFinished(() => db.end());
    await db.query(
      'create table cron_test_runs (id serial primary key, pid integer not null, at timestamptz not null default now())',
    );
    const runs = async (): Promise<Run[]> =>
      (
        await db.query<Run>(
          `select pid, to_char(date_trunc('minute', at), 'YYYY-MM-DD HH24:MI') as minute from cron_test_runs order by id`,
        )
      ).rows;
    const until = async (what: string, done: (r: Run[]) => boolean, timeoutMs: number): Promise<Run[]> => {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const r = await runs();
        if (done(r)) return r;
        if (Date.now() > end)
          throw new Error(`${what}: not within ${timeoutMs} ms; runs: ${JSON.stringify(r)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    const env = { ...process.env, DATABASE_URL: url, NODE_ENV: 'test' };
    const workers = [startScript('worker A', WORKER, [], env), startScript('worker B', WORKER, [], env)];
    await Promise.all(workers.map((w) => w.line((l) => l.ready === true, 90_000)));

    // The first tick (the next minute boundary): one run.
    const [first] = await until('a first run', (r) => r.length > 0, 100_000);
    const killed = workers.find((w) => w.child.pid === first.pid);
    const survivor = workers.find((w) => w.child.pid !== first.pid);
    if (!killed || !survivor) throw new Error(`run by an unknown process ${first.pid}`);
    killed.child.kill('SIGKILL');
    await killed.ended;

    // The next tick, with one worker left: run by the survivor.
    const after = await until(
      'a run a minute later',
      (r) => r.some((run) => run.minute > first.minute),
      100_000,
    );
    const second = after.find((run) => run.minute > first.minute);
    expect(second?.pid).toBe(survivor.child.pid);

    // Both processes kept trying every tick every second: let a late duplicate show, then count.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const all = await runs();
    const perMinute = new Map<string, number>();
    for (const run of all) perMinute.set(run.minute, (perMinute.get(run.minute) ?? 0) + 1);
    expect(
      [...perMinute.values()].every((n) => n === 1),
      JSON.stringify(all),
    ).toBe(true);
    expect(perMinute.size).toBeGreaterThanOrEqual(2);
    // pg-boss agrees: one job queued per tick, none retried.
    const { rows } = await db.query<{ minute: string; n: number; retried: number }>(
      `select to_char(date_trunc('minute', created_on), 'YYYY-MM-DD HH24:MI') as minute, count(*)::int as n,
              count(*) filter (where retry_count > 0)::int as retried
       from pgboss.job where name = 'test-cron-tick' group by 1`,
    );
    expect(
      rows.every((r) => r.n === 1 && r.retried === 0),
      JSON.stringify(rows),
    ).toBe(true);
    // A tick's send-it job is not retried (decision 0059): a worker killed between queueing the
    // tick's job and completing its send-it job would otherwise queue that tick a second time.
    const sendIt = await db.query<{ retry_limit: number }>(
      `select retry_limit from pgboss.job where name = '__pgboss__send-it'`,
    );
    expect(sendIt.rows.length).toBeGreaterThan(0);
    expect(sendIt.rows.every((r) => r.retry_limit === 0)).toBe(true);
    expect(survivor.errors()).toBe('');
  });
});
