/**
 * Where the team report's request time goes beyond its SQL (issue 16), on a database the reports
 * bench kept (`BENCH_KEEP=1 DATABASE_URL=… npx tsx bench/reports.bench.ts` prints its name): the
 * endpoint through the app, the SQL alone (as the bench measures it), and the steps between them
 * one by one, each with this process's CPU. Alternates the cases in rounds so that a change of load
 * hits them alike.
 *
 *   DATABASE_URL=postgres://…/reports_bench_NNN npx tsx bench/reports.profile.ts
 *   node --cpu-prof --cpu-prof-dir=DIR --import tsx bench/reports.profile.ts   (PROFILE_ONLY=endpoint)
 *
 * PROFILE_ROUNDS (default 20) rounds; PROFILE_ONLY=endpoint|sql runs that case alone (for a profile).
 */
import { loadavg } from 'node:os';
import { eq, sql as raw } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/modules/auth/passwords/service';
import { accounts } from '../server/modules/auth/tables';
import { reportDay } from '../server/modules/reports/day/queries';
import { loadTeamFacts } from '../server/modules/reports/teams/queries';
import { scoredTeams } from '../server/modules/reports/teams/service';
import { enableReadCache, readCache } from '../server/platform/cache';
import { startCacheListener } from '../server/platform/cacheListener';
import { openPostgres } from '../server/platform/db/client';
import { rowsOf } from '../server/platform/db/rows';
import { benchContext, percentile } from './lib';

const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 20);
const ONLY = process.env.PROFILE_ONLY;

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: a database the reports bench kept');
  const database = await openPostgres(url);
  enableReadCache(false);
  const listener = startCacheListener(url, readCache, { warn: () => {}, info: () => {} });
  await listener.ready;
  const app = await buildApp(benchContext(database, { files: '.tmp/bench-reports-files' }));
  await app.ready();
  const [{ event_id: eventId }] = await rowsOf<{ event_id: string }>(
    database.db,
    raw`select event_id from teams group by event_id order by count(*) desc limit 1`,
  );
  const [admin] = await rowsOf<{ email: string }>(
    database.db,
    raw`select email from accounts where email like 'admin@%' order by email limit 1`,
  );
  const password = 'profile-password-1234';
  await database.db
    .update(accounts)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(accounts.email, admin.email));
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.email, password },
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

  const cases: Record<string, () => Promise<unknown>> = {
    endpoint: () => get('/teams'),
    sql: async () => loadTeamFacts(database.db, { eventId }, await reportDay(database.db, { eventId })),
    'service (scoredTeams)': async () =>
      scoredTeams(database.db, { eventId }, await reportDay(database.db, { eventId }), {
        sort: 'riskScore',
        order: 'desc',
      }),
    'request alone (GET /filters)': () => get('/filters'),
  };
  const names = ONLY ? [ONLY] : Object.keys(cases);
  const wall = new Map<string, number[]>(names.map((n) => [n, []]));
  const cpu = new Map<string, number[]>(names.map((n) => [n, []]));
  for (const name of names) for (let i = 0; i < 3; i++) await cases[name]();
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      await cases[name]();
      const used = process.cpuUsage(cpuStarted);
      wall.get(name)?.push(performance.now() - started);
      cpu.get(name)?.push((used.user + used.system) / 1000);
    }
  }
  console.log(`${ROUNDS} rounds, load average ${loadavg()[0].toFixed(1)}`);
  console.log('| case | wall p50 / p95 ms | this process CPU p50 / p95 ms |');
  console.log('|---|---|---|');
  for (const name of names) {
    const w = wall.get(name) ?? [];
    const c = cpu.get(name) ?? [];
    console.log(
      `| ${name} | ${percentile(w, 50).toFixed(1)} / ${percentile(w, 95).toFixed(1)} | ${percentile(c, 50).toFixed(2)} / ${percentile(c, 95).toFixed(2)} |`,
    );
  }
  await app.close();
  await listener.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
