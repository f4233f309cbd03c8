/**
 * People at scale (issue 3), on the built server (`npm run build:server` first):
 * 1. `seed --teams 5000` through the CLI into a fresh data dir: 5,000 teams, 15,000 users;
 * 2. GET /teams?sort=name&teamTypeId=... first page, sequential requests, p50/p95 (target p95 < 50 ms);
 * 3. the user report of 15,000 users as CSV and as XLSX (target < 5 s each).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { percentile, serverEngine, startServer, stopServer } from './lib';

const DATA_DIR = '.tmp/bench-people';
const PORT = '3313';
const TEAMS = Number(process.env.BENCH_TEAMS ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const EXPORTS = 3;
const BASE = `http://127.0.0.1:${PORT}`;

type Row = { step: string; figure: string; target: string; ok: boolean };

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

async function main() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const env = { ...process.env, DATA_DIR, LOG_LEVEL: 'warn' };
  const seedStarted = performance.now();
  const seeded = JSON.parse(
    execFileSync(process.execPath, ['dist/server/cli.js', 'seed', '--teams', String(TEAMS), '--json'], {
      env,
      encoding: 'utf8',
    }),
  ) as { eventId: string; adminEmail: string; password: string; users: number; ms: number };
  const seedMs = performance.now() - seedStarted;
  const rows: Row[] = [
    {
      step: `seed --teams ${TEAMS} (${seeded.users} users), CLI process`,
      figure: `${(seedMs / 1000).toFixed(1)} s (inserts ${(seeded.ms / 1000).toFixed(1)} s)`,
      target: '—',
      ok: true,
    },
  ];

  const { child } = await startServer({ DATA_DIR, PORT });
  const engine = await serverEngine(PORT);
  try {
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seeded.adminEmail, password: seeded.password }),
    });
    if (!login.ok) throw new Error(`login ${login.status} ${await login.text()}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const get = (path: string) =>
      fetch(`${BASE}/api/events/${seeded.eventId}${path}`, { headers: { cookie } });

    const types = (await (await get('/team-types')).json()) as {
      items: { id: string; teamsCount: number }[];
    };
    const type = types.items.reduce((a, b) => (b.teamsCount > a.teamsCount ? b : a));
    const listPath = `/teams?sort=name&teamTypeId=${type.id}`;
    // Warm-up: the first requests compile routes and fill PGlite's caches.
    for (let i = 0; i < 5; i++) await (await get(listPath)).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const { ms, value } = await timed(async () => {
        const res = await get(listPath);
        if (!res.ok) throw new Error(`teams ${res.status}`);
        return (await res.json()) as { total: number; items: unknown[] };
      });
      if (value.total !== type.teamsCount || value.items.length === 0)
        throw new Error('unexpected team page');
      times.push(ms);
    }
    const p95 = percentile(times, 95);
    rows.push({
      step: `GET /teams?sort=name&teamTypeId (${type.teamsCount} of ${TEAMS} teams), ${REQUESTS} sequential`,
      figure: `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
      target: 'p95 < 50 ms',
      ok: p95 < 50,
    });

    for (const format of ['csv', 'xlsx'] as const) {
      const runs: number[] = [];
      let bytes = 0;
      for (let i = 0; i < EXPORTS; i++) {
        const { ms, value } = await timed(async () => {
          const res = await get(`/users/export?format=${format}`);
          if (!res.ok) throw new Error(`export ${format} ${res.status}`);
          return (await res.arrayBuffer()).byteLength;
        });
        runs.push(ms);
        bytes = value;
      }
      const worst = Math.max(...runs);
      rows.push({
        step: `GET /users/export?format=${format} (${seeded.users + 1} users, ${(bytes / 1e6).toFixed(1)} MB)`,
        figure: `best ${Math.min(...runs).toFixed(0)} ms, worst ${worst.toFixed(0)} ms of ${EXPORTS}`,
        target: '< 5000 ms',
        ok: worst < 5000,
      });
    }
  } finally {
    await stopServer(child);
  }

  const width = Math.max(...rows.map((r) => r.step.length));
  console.log(`\nengine: ${engine} (as /api/health reports it; PostgreSQL when DATABASE_URL is set)`);
  console.log(`${'step'.padEnd(width)} | figure${' '.repeat(34)} | target       | ok`);
  for (const r of rows)
    console.log(
      `${r.step.padEnd(width)} | ${r.figure.padEnd(40)} | ${r.target.padEnd(12)} | ${r.ok ? 'yes' : 'NO'}`,
    );
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
