/**
 * Reports at scale (issue 16): a scale-seeded event (BENCH_TEAMS teams, default 5,000, and
 * BENCH_TASKS tasks, default 300, with a status for every team and task: 1.5 M rows, and
 * BENCH_SUBMISSIONS form submissions, default 50,000 over 20 published forms, one in five a draft), a launch date
 * 42 days ago, then each report endpoint through the whole Fastify app (`inject`: session,
 * membership, query validation, the SQL, scoring every team, the answer) p50/p95, next to the same
 * report's SQL run directly on the same engine in the same run, by turns with the endpoint (target:
 * endpoint <= 1.3x its SQL).
 * PGlite in process by default; PostgreSQL when DATABASE_URL is set (a scratch database is made and
 * dropped). `npx tsx bench/reports.bench.ts`, or `DATABASE_URL=postgres://... npx tsx bench/reports.bench.ts`;
 * BENCH_EXPLAIN=1 prints the team report's plan (EXPLAIN ANALYZE) at the end; BENCH_MEASURE_AFTER=FILE
 * seeds at once and measures only once FILE exists. The seeding's garbage is collected before measuring
 * (a server does not seed 1.5 M rows in its own heap; left in, it is collected during whichever runs
 * come first, at 20-25 ms of CPU a run); BENCH_GC_AFTER_SEED=0 leaves it, to see that effect.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { and, eq, sql as raw } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { settings } from '../server/modules/events/tables';
import { reportDay } from '../server/modules/reports/day/queries';
import { formReportRows } from '../server/modules/reports/forms/queries';
import { taskReportRows } from '../server/modules/reports/tasks/queries';
import { loadTeamFacts, reportRows, teamFactsQuery } from '../server/modules/reports/teams/queries';
import { enableReadCache, readCache } from '../server/platform/cache';
import { startCacheListener } from '../server/platform/cacheListener';
import { type Database, openPglite, openPostgres } from '../server/platform/db/client';
import { migrate } from '../server/platform/db/migrate';
import { seedScale } from '../server/seed/scale';
import { addCalendarDays, calendarDateIn } from '../shared/tasks/dueStatus';
import { benchContext, percentile } from './lib';

/** A full garbage collection, without `node --expose-gc` (the flag set now, gc taken from a fresh context). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const TEAMS = Number(process.env.BENCH_TEAMS ?? 5000);
const TASKS = Number(process.env.BENCH_TASKS ?? 300);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP = 2;

async function scratchPostgres(url: string): Promise<{ database: Database; drop(): Promise<void> }> {
  const name = `reports_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openPostgres(scratch.toString());
  return {
    database,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * This process's CPU (user + system, ms) of each measured run, by the same list as its wall time:
 * on a machine other work loads, wall time mostly measures waiting for a core, while the CPU a
 * request spends around its SQL is what the endpoint adds (on PostgreSQL the SQL's own work is
 * in the database's backend, not here; on PGlite it is here, in both columns).
 */
const cpuOf = new WeakMap<number[], number[]>();

async function timings(fn: () => Promise<unknown>, runs = RUNS, warmUp = WARM_UP): Promise<number[]> {
  const values: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs + warmUp; run++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(cpuStarted);
    if (run >= warmUp) {
      values.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  cpuOf.set(values, cpu);
  return values;
}

/**
 * An endpoint and its SQL alone, run by turns (endpoint, SQL, endpoint, …): each is measured in the
 * same minutes as the other, so that neither pays alone for a change of load, for the collector's
 * debt left by the seeding, or for warming the code both run (the facts' parse), as the one measured
 * first did when each ran its runs in a block.
 */
async function pairedTimings(
  endpoint: () => Promise<unknown>,
  alone: () => Promise<unknown>,
  runs = RUNS,
  warmUp = WARM_UP,
): Promise<[number[], number[]]> {
  const wall: [number[], number[]] = [[], []];
  const cpu: [number[], number[]] = [[], []];
  for (let run = 0; run < runs + warmUp; run++) {
    for (const [i, fn] of [endpoint, alone].entries()) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      await fn();
      const used = process.cpuUsage(cpuStarted);
      if (run < warmUp) continue;
      wall[i].push(performance.now() - started);
      cpu[i].push((used.user + used.system) / 1000);
    }
  }
  cpuOf.set(wall[0], cpu[0]);
  cpuOf.set(wall[1], cpu[1]);
  return wall;
}

const fmt = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(1)} / p95 ${percentile(values, 95).toFixed(1)}`;

async function main() {
  const url = process.env.DATABASE_URL;
  const engine = url ? 'PostgreSQL' : 'PGlite';
  const scratch = url ? await scratchPostgres(url) : null;
  const database = scratch?.database ?? (await openPglite(undefined));
  await migrate(database);
  enableReadCache(!url);
  // As the server runs (bootstrap): on PostgreSQL the read cache is on while this process listens
  // for every process's writes (decision 0051).
  const listener = database.connectionString
    ? startCacheListener(database.connectionString, readCache, { warn: () => {}, info: () => {} })
    : null;
  await listener?.ready;
  const ctx = benchContext(database, { files: '.tmp/bench-reports-files' });
  const app = await buildApp(ctx);
  await app.ready();

  const seedStarted = performance.now();
  const seeded = await seedScale(database.db, {
    teams: TEAMS,
    tasks: TASKS,
    submissions: SUBMISSIONS,
    appUrl: 'https://bench.example',
  });
  const seedSeconds = ((performance.now() - seedStarted) / 1000).toFixed(1);
  console.log(`seeded in ${seedSeconds} s; measuring (load average ${loadavg()[0].toFixed(1)})`);
  // What autovacuum does on PostgreSQL soon after a bulk load (PGlite runs none): the visibility map
  // lets the finished-status index answer alone.
  await database.db.execute(raw`vacuum analyze task_statuses`);
  await database.db.execute(raw`vacuum analyze form_submissions`);
  // BENCH_MEASURE_AFTER=FILE: seed now, measure once FILE exists (a quiet window chosen by hand,
  // since seeding takes minutes and measuring one).
  const gate = process.env.BENCH_MEASURE_AFTER;
  if (gate) {
    console.log(`waiting for ${gate} to measure`);
    while (!existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 1000));
    console.log(`measuring from ${new Date().toISOString()} (load average ${loadavg()[0].toFixed(1)})`);
  }
  // A full collection once the seeding's garbage is dead, as a server that did not seed 1.5 M rows in
  // its own heap starts measuring (the same for the endpoint and its SQL, which run by turns).
  if (process.env.BENCH_GC_AFTER_SEED !== '0') collectGarbage();
  const { eventId } = seeded;
  // A launch date 42 days ago, so every part of the score is worked out.
  const [eventSettings] = await database.db
    .select({ data: settings.data })
    .from(settings)
    .where(and(eq(settings.eventId, eventId), eq(settings.name, 'event')));
  const launchDate = addCalendarDays(calendarDateIn(new Date(), 'Europe/London'), -42);
  await database.db
    .update(settings)
    .set({ data: { ...(eventSettings.data as object), launchDate } })
    .where(and(eq(settings.eventId, eventId), eq(settings.name, 'event')));

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: seeded.adminEmail, password: seeded.password },
  });
  const cookie = `portal_session=${login.cookies.find((c) => c.name === 'portal_session')?.value}`;
  const get = async (path: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/reports${path}`,
      headers: { cookie },
    });
    if (res.statusCode !== 200) throw new Error(`${path} ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  const teamsPage = (await get('/teams')).json() as { items: { teamId: string }[]; total: number };
  const byLevel = (await get('/teams')).json().byRiskLevel;
  const firstTeam = teamsPage.items[0].teamId;

  const rows: [string, number[], number[] | null][] = [];
  rows.push([
    'GET /reports/teams (risk, first page)',
    ...(await pairedTimings(
      () => get('/teams'),
      async () => loadTeamFacts(database.db, { eventId }, await reportDay(database.db, { eventId })),
    )),
  ]);
  rows.push([
    'GET /reports/tasks (all tasks, first page)',
    ...(await pairedTimings(
      () => get('/tasks'),
      async () =>
        taskReportRows(database.db, { eventId }, await reportDay(database.db, { eventId }), {
          sort: 'dueDate',
          order: 'asc',
        }),
    )),
  ]);
  // The first report after the day moved (or an edit marked the counts stale) rebuilds the kept counts.
  rows.push([
    'GET /reports/teams, counts rebuilt first (first report of a day; 5 runs)',
    await timings(
      async () => {
        await database.db.execute(raw`delete from report_count_days where event_id = ${eventId}`);
        return get('/teams');
      },
      5,
      0,
    ),
    null,
  ]);
  // The overview's SQL is the team report's statement and the forms report's, run together.
  rows.push([
    'GET /reports/overview',
    ...(await pairedTimings(
      () => get('/overview'),
      async () => {
        const day = await reportDay(database.db, { eventId });
        return Promise.all([
          loadTeamFacts(database.db, { eventId }, day),
          formReportRows(database.db, { eventId }, {}),
        ]);
      },
    )),
  ]);
  rows.push([
    'GET /reports/forms (20 forms)',
    ...(await pairedTimings(
      () => get('/forms'),
      async () => {
        await reportDay(database.db, { eventId });
        return formReportRows(database.db, { eventId }, {});
      },
    )),
  ]);
  rows.push([`GET /reports/teams/:teamId`, await timings(() => get(`/teams/${firstTeam}`)), null]);
  rows.push([
    `GET /reports/risk/export?format=csv (${teamsPage.total} rows)`,
    await timings(() => get('/risk/export?format=csv')),
    null,
  ]);

  console.log(
    `\nReports on ${engine}: ${seeded.teams} teams, ${seeded.tasks} tasks, ${seeded.taskStatuses} statuses, ` +
      `${seeded.submissions} submissions ` +
      `(seeded in ${seedSeconds} s), ${RUNS} runs each, load average ${loadavg()[0].toFixed(1)}`,
  );
  console.log(`Teams by risk level: ${JSON.stringify(byLevel)}`);
  console.log(
    '| measurement | endpoint ms | its SQL alone ms | endpoint / SQL (p50) | this process CPU ms, endpoint / SQL alone (p50) |',
  );
  console.log('|---|---|---|---|---|');
  const cpu = (values: number[]) => percentile(cpuOf.get(values) ?? [], 50).toFixed(2);
  for (const [name, endpoint, alone] of rows) {
    const ratio = alone ? (percentile(endpoint, 50) / percentile(alone, 50)).toFixed(2) : '—';
    console.log(
      `| ${name} | ${fmt(endpoint)} | ${alone ? fmt(alone) : '—'} | ${ratio} | ${cpu(endpoint)}${alone ? ` / ${cpu(alone)}` : ''} |`,
    );
  }
  if (process.env.BENCH_EXPLAIN) {
    const day = await reportDay(database.db, { eventId });
    const plan = await reportRows<Record<string, string>>(
      database.db,
      raw`explain (analyze, buffers) ${teamFactsQuery(eventId, day)}`,
    );
    console.log(plan.map((row) => Object.values(row)[0]).join('\n'));
  }
  await app.close();
  await listener?.close();
  // BENCH_KEEP=1 leaves the PostgreSQL scratch database for trying query variants by hand (psql).
  if (scratch && process.env.BENCH_KEEP)
    console.log(`kept database reports_bench_${process.pid}, event ${eventId}`);
  else if (scratch) await scratch.drop();
  else await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
