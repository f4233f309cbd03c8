/**
 * Tasks at scale (issue 5), on the built server (`npm run build:server` first):
 * 1. `seed --teams 2000 --tasks 300` through the CLI into a fresh database: 300 tasks in groups,
 *    a status for every team and task (600,000 rows);
 * 2. GET /my-tasks as a team owner (the team's /tasks list), sequential, p50/p95 (target p95 < 30 ms),
 *    with the server process's CPU time per request (Linux), which the machine's load affects less;
 * 3. GET /tasks/:taskId/teams first page (2,000 teams, 100 a page) (target p95 < 50 ms);
 * 4. GET /tasks/due-summary: overdue and due-soon statuses across the event in one query (< 1 s).
 * On PGlite always; on PostgreSQL too when DATABASE_URL is set (the scale event is added to that
 * database and deleted again afterwards).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { percentile, serverEngine, startServer, stopServer } from './lib';

const TEAMS = Number(process.env.BENCH_TEAMS ?? 2000);
const TASKS = Number(process.env.BENCH_TASKS ?? 300);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const SUMMARIES = 10;

type Row = { engine: string; step: string; figure: string; target: string; ok: boolean };
type Seeded = { eventId: string; adminEmail: string; password: string; taskStatuses: number; ms: number };

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/**
 * CPU time (user + system, ms) the server process has used so far, from /proc on Linux; null
 * elsewhere. Per request it shows the work a list costs apart from how busy the machine is, which the
 * wall-clock percentiles of a shared machine cannot.
 */
function cpuMsOf(pid: number | undefined): number | null {
  const stat = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(stat)) return null;
  // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = readFileSync(stat, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email} ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

async function measure(
  engine: string,
  env: Record<string, string>,
  port: string,
  cleanUp?: (seeded: Seeded) => Promise<void>,
): Promise<Row[]> {
  const base = `http://127.0.0.1:${port}`;
  const seedStarted = performance.now();
  const seeded = JSON.parse(
    execFileSync(
      process.execPath,
      ['dist/server/cli.js', 'seed', '--teams', String(TEAMS), '--tasks', String(TASKS), '--json'],
      { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, encoding: 'utf8' },
    ),
  ) as Seeded;
  const rows: Row[] = [
    {
      engine,
      step: `seed --teams ${TEAMS} --tasks ${TASKS} (${seeded.taskStatuses} statuses), CLI process`,
      figure: `${((performance.now() - seedStarted) / 1000).toFixed(1)} s (inserts ${(seeded.ms / 1000).toFixed(1)} s)`,
      target: '—',
      ok: seeded.taskStatuses === TEAMS * TASKS,
    },
  ];
  const { child } = await startServer({ ...env, PORT: port });
  // The label is what the server says it runs on, not what this script meant to start.
  const running = await serverEngine(port);
  if (running !== engine) throw new Error(`asked for ${engine}, the server runs on ${running}`);
  try {
    const admin = await signIn(base, seeded.adminEmail, seeded.password);
    // The scale seed names team people team{i}.person{k}@ the admin's domain; person1 owns team 1.
    const owner = await signIn(base, `team1.person1@${seeded.adminEmail.split('@')[1]}`, seeded.password);
    const get = (cookie: string, path: string) =>
      fetch(`${base}/api/events/${seeded.eventId}${path}`, { headers: { cookie } });
    const series = async (cookie: string, path: string, count: number, check: (body: unknown) => boolean) => {
      for (let i = 0; i < 5; i++) await (await get(cookie, path)).arrayBuffer();
      const times: number[] = [];
      const cpuBefore = cpuMsOf(child.pid);
      for (let i = 0; i < count; i++) {
        const { ms, value } = await timed(async () => {
          const res = await get(cookie, path);
          if (!res.ok) throw new Error(`${path} ${res.status} ${await res.text()}`);
          return res.json();
        });
        if (!check(value)) throw new Error(`unexpected answer from ${path}`);
        times.push(ms);
      }
      const cpuAfter = cpuMsOf(child.pid);
      const cpu =
        cpuBefore === null || cpuAfter === null
          ? ''
          : `, server CPU ${((cpuAfter - cpuBefore) / count).toFixed(1)} ms/request`;
      return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), cpu };
    };

    const mine = await series(owner, '/my-tasks', REQUESTS, (body) => {
      const sections = (body as { sections: { tasks: unknown[] }[] }).sections;
      return sections.reduce((n, s) => n + s.tasks.length, 0) > 0;
    });
    rows.push({
      engine,
      step: `GET /my-tasks (one team's task list, ${TASKS} tasks), ${REQUESTS} sequential`,
      figure: `p50 ${mine.p50.toFixed(1)} ms, p95 ${mine.p95.toFixed(1)} ms${mine.cpu}`,
      target: 'p95 < 30 ms',
      ok: mine.p95 < 30,
    });

    const list = (await (await get(admin, '/tasks')).json()) as { items: { id: string }[] };
    const taskId = list.items[0].id;
    const teamsPage = await series(admin, `/tasks/${taskId}/teams`, REQUESTS, (body) => {
      const page = body as { total: number; items: unknown[] };
      // Any size: a full first page, or every team when there are fewer than a page.
      return page.total > 0 && page.items.length === Math.min(100, page.total);
    });
    rows.push({
      engine,
      step: `GET /tasks/:id/teams first page (${TEAMS} teams), ${REQUESTS} sequential`,
      figure: `p50 ${teamsPage.p50.toFixed(1)} ms, p95 ${teamsPage.p95.toFixed(1)} ms${teamsPage.cpu}`,
      target: 'p95 < 50 ms',
      ok: teamsPage.p95 < 50,
    });

    let counts = '';
    const summary = await series(admin, '/tasks/due-summary', SUMMARIES, (body) => {
      const s = body as { overdue: number; dueSoon: number };
      counts = `${s.overdue} overdue, ${s.dueSoon} due soon`;
      // A small seed may have nothing overdue or due soon; the counts must be there.
      return Number.isInteger(s.overdue) && Number.isInteger(s.dueSoon);
    });
    rows.push({
      engine,
      step: `GET /tasks/due-summary (${counts}), ${SUMMARIES} sequential`,
      figure: `p50 ${summary.p50.toFixed(0)} ms, max ${summary.max.toFixed(0)} ms`,
      target: '< 1000 ms',
      ok: summary.max < 1000,
    });
  } finally {
    await stopServer(child);
    await cleanUp?.(seeded);
  }
  return rows;
}

/**
 * The seed adds its own event to DATABASE_URL's database; afterwards the event (and with it every
 * task, team and status, by cascade) and its generated accounts are deleted again.
 */
async function removeScaleEvent(url: string, eventId: string, adminEmail: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('delete from events where id = $1', [eventId]);
    await client.query('delete from accounts where email like $1', [`%@${adminEmail.split('@')[1]}`]);
  } finally {
    await client.end();
  }
}

async function main() {
  const dataDir = '.tmp/bench-tasks';
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // An empty DATABASE_URL, or the CLI and the server would inherit the caller's and use PostgreSQL.
  const rows = await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, '3314');
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    rows.push(
      ...(await measure('PostgreSQL', { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, '3315', (seeded) =>
        removeScaleEvent(databaseUrl, seeded.eventId, seeded.adminEmail),
      )),
    );
  }

  const width = Math.max(...rows.map((r) => r.step.length));
  const figureWidth = Math.max(40, ...rows.map((r) => r.figure.length));
  console.log(
    `\n${'engine'.padEnd(10)} | ${'step'.padEnd(width)} | ${'figure'.padEnd(figureWidth)} | target       | ok`,
  );
  for (const r of rows)
    console.log(
      `${r.engine.padEnd(10)} | ${r.step.padEnd(width)} | ${r.figure.padEnd(figureWidth)} | ${r.target.padEnd(12)} | ${r.ok ? 'yes' : 'NO'}`,
    );
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
