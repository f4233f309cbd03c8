/**
 * Issue 20's hot path on PostgreSQL (decision 0051), on the built server (`npm run build:server`):
 * GET /api/me and the team list, signed in, with ONE web process and with TWO web processes
 * (`WORKER=off`, each on its own port, both hit by the load generator at once) sharing one
 * scratch database, against a plain node:http server answering /api/me's body, all in this run.
 *
 * `DATABASE_URL=postgres://... npx tsx bench/hotpath-pg.bench.ts` (a scratch database is made and
 * dropped). BENCH_DURATION (s, default 10), BENCH_ROUNDS (best of, default 1), BENCH_CONNECTIONS (default 50, split over the ports),
 * BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof`) profiles the servers,
 * BENCH_ONLY=one skips the two-process runs. The engine printed is what /api/health reports.
 * BENCH_BEFORE=path/to/main.js also measures another build (one process) in the same run, first:
 * the before of a before/after comparison (a build of the commit before decision 0051, say).
 *
 * The load generator shares the 2 cores with the servers, so its own CPU per request is printed
 * too, from /proc. It is wrk (C, `apt-get install wrk`) when installed, autocannon (JavaScript, in
 * this process) otherwise (decision 0061, bench/loadGenerator.ts); the same one for node:http and the portal.
 * BENCH_LOADGEN=wrk|autocannon picks one, BENCH_LOADGEN=both runs every case with each in turn
 * (the two side by side, same minutes). BENCH_WRK_THREADS (default 1) threads per wrk process.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { createEventByCli, serverEngine, startServer, stopServer } from './lib';
import { cpuMs, type Generator, generators, loaderCpuMs, runLoad, WRK_THREADS } from './loadGenerator';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** BENCH_PORT_BASE (default 3790): node:http on it, the servers on the next two (another session may hold these). */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3790);
const PLAIN_PORT = PORT_BASE;
const PORTS = [String(PORT_BASE + 1), String(PORT_BASE + 2)];
const TEAMS = 25;

const SCRATCH_DB = `hotpath_bench_${process.pid}`;

/**
 * CPU time of the PostgreSQL backends serving the scratch database (their title names it), so the
 * database's share of a request is counted, and other sessions' databases are not.
 */
function postgresCpu(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(SCRATCH_DB))
        cpu.set(Number(pid), cpuMs(Number(pid)));
    } catch {
      // The process ended meanwhile.
    }
  }
  return cpu;
}

/** The CPU those backends used since `before` (a backend that ended meanwhile is not counted). */
function postgresCpuMsSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}

async function scratchPostgres(url: string) {
  const name = SCRATCH_DB;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

type Figure = {
  rps: number;
  p50: number;
  p99: number;
  serverCpuUs: number;
  databaseCpuUs: number;
  loaderCpuUs: number;
};

/** Loads every url at once (connections split between them) and sums the answers. */
/**
 * The best of BENCH_ROUNDS runs (default 1): on a machine other sessions load, the best run is the
 * one least disturbed, and each case gets the same chances.
 */
async function load(
  generator: Generator,
  urls: string[],
  headers: Record<string, string>,
  pids: (number | undefined)[],
) {
  let best: Figure | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    const figure = await loadOnce(generator, urls, headers, pids);
    if (!best || figure.rps > best.rps) best = figure;
  }
  return best as Figure;
}

async function loadOnce(
  generator: Generator,
  urls: string[],
  headers: Record<string, string>,
  pids: (number | undefined)[],
) {
  const serverBefore = pids.map(cpuMs);
  const loaderCpu = () => loaderCpuMs(generator);
  const loaderBefore = loaderCpu();
  const databaseBefore = postgresCpu();
  const per = Math.max(1, Math.floor(CONNECTIONS / urls.length));
  const results = await Promise.all(
    urls.map((url) => runLoad(generator, { url, connections: per, headers, durationS: DURATION_S })),
  );
  for (const [i, r] of results.entries()) {
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${urls[i]}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  }
  const total = results.reduce((n, r) => n + r.requests, 0);
  const serverMs = pids.reduce<number>((n, pid, i) => n + cpuMs(pid) - (serverBefore[i] ?? 0), 0);
  return {
    rps: results.reduce((n, r) => n + r.rps, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    serverCpuUs: (serverMs * 1000) / Math.max(1, total),
    databaseCpuUs: (postgresCpuMsSince(databaseBefore) * 1000) / Math.max(1, total),
    loaderCpuUs: ((loaderCpu() - loaderBefore) * 1000) / Math.max(1, total),
  } satisfies Figure;
}

const line = (label: string, f: Figure, base?: Figure) =>
  console.log(
    `  ${label.padEnd(58)} ${f.rps.toFixed(0).padStart(6)} req/s${base ? ` (${(f.rps / base.rps).toFixed(2)}x node:http)` : '                 '}  p50 ${f.p50} ms, p99 ${f.p99} ms, server CPU ${f.serverCpuUs.toFixed(0)} µs/req, PostgreSQL ${f.databaseCpuUs.toFixed(0)} µs/req, load generator ${f.loaderCpuUs.toFixed(0)} µs/req`,
  );

/**
 * What two cores allow, from one process's CPU per request: the server process runs on one core at
 * most (1e6 / server µs a second), and everything a request costs (server, PostgreSQL, load
 * generator) shares the two (2e6 / their sum). Two server processes lift only the first limit.
 */
function ceiling(f: Figure): string {
  const all = f.serverCpuUs + f.databaseCpuUs + f.loaderCpuUs;
  const one = Math.min(1e6 / f.serverCpuUs, 2e6 / all);
  const two = 2e6 / all;
  return `one process at most ${one.toFixed(0)} req/s, two at most ${two.toFixed(0)} req/s: two / one at most ${(two / one).toFixed(2)}x (${f.serverCpuUs.toFixed(0)} + ${f.databaseCpuUs.toFixed(0)} + ${f.loaderCpuUs.toFixed(0)} µs a request)`;
}

async function signIn(port: string, email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

async function addTeams(port: string, cookie: string, eventId: string): Promise<void> {
  for (let i = 0; i < TEAMS; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/events/${eventId}/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        name: `Bench team ${i}`,
        owner: { firstName: 'Owner', surname: `${i}`, email: `owner${i}@bench.example` },
      }),
    });
    if (res.status !== 201) throw new Error(`team ${i}: ${res.status} ${await res.text()}`);
  }
}

/**
 * Before the two-process figures count, the two processes must agree: a session signed in and
 * cached on the second process, ended through the first, is refused by the second (decision 0051).
 */
async function checkCoherence(password: string): Promise<void> {
  const cookie = await signIn(PORTS[1], 'bench@example.test', password);
  const me = (port: string) => fetch(`http://127.0.0.1:${port}/api/me`, { headers: { cookie } });
  for (let i = 0; i < 3; i++) if ((await me(PORTS[1])).status !== 200) throw new Error('not signed in');
  const out = await fetch(`http://127.0.0.1:${PORTS[0]}/api/auth/logout`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{}',
  });
  if (out.status !== 204) throw new Error(`sign-out: ${out.status}`);
  const next = (await me(PORTS[1])).status;
  console.log(
    `  coherence: a session cached on process 2 and ended through process 1 -> process 2 answers ${next} (401 expected)`,
  );
  if (next !== 401) throw new Error('process 2 served an ended session from its cache');
}

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('set DATABASE_URL: this benchmark is about PostgreSQL');
  const scratch = await scratchPostgres(base);
  const env = { DATABASE_URL: scratch.url, WORKER: 'off', LOG_LEVEL: 'warn' };
  const children: ReturnType<typeof spawn>[] = [];
  try {
    const password = `${Math.random().toString(36).slice(2)}-Bench`;
    const created = createEventByCli({ ...process.env, ...env }, password);
    const eventId = created.eventId;

    const before = process.env.BENCH_BEFORE;
    // Set up through the build measured, then (when asked) measure the before build first.
    const first = await startServer({ ...env, PORT: PORTS[0] });
    // Stopped on any failure too: a server left behind kept the port and answered the next run.
    children.push(first.child);
    const engine = await serverEngine(PORTS[0]);
    const cookie = await signIn(PORTS[0], 'bench@example.test', password);
    await addTeams(PORTS[0], cookie, eventId);
    const me = await (await fetch(`http://127.0.0.1:${PORTS[0]}/api/me`, { headers: { cookie } })).text();
    if (!me.includes(eventId)) throw new Error(`unexpected /api/me: ${me}`);
    const teamsPath = `/api/events/${eventId}/teams`;
    const teamList = await fetch(`http://127.0.0.1:${PORTS[0]}${teamsPath}`, { headers: { cookie } });
    if (!teamList.ok) throw new Error(`team list: ${teamList.status}`);

    const plain = spawn(process.execPath, [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end(${JSON.stringify(me)}); }).listen(${PLAIN_PORT})`,
    ]);
    children.push(plain);
    // Until it answers (a fixed pause was too short on a loaded machine: the first case failed).
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${PLAIN_PORT}/`).then(
        (res) => res.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    const gens = generators();
    const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      `engine ${engine}; load generator ${gens.join(' then ')}${gens.includes('wrk') ? ` (${WRK_THREADS} thread a process)` : ''}, ${CONNECTIONS} connections in all, ${DURATION_S} s per case, best of ${ROUNDS}; load average ${loadavg()}`,
    );
    type Figures = Record<Generator, Figure>;
    /** Each case with each generator in turn (same minutes), one line each. */
    const measure = async (label: string, urls: string[], pids: (number | undefined)[], base?: Figures) => {
      const figures = {} as Figures;
      for (const generator of gens) {
        figures[generator] = await load(generator, urls, base ? { cookie } : {}, pids);
        line(`[${generator}] ${label}`, figures[generator], base?.[generator]);
      }
      return figures;
    };
    const baseline = await measure(
      'plain node:http, one process, same body',
      [`http://127.0.0.1:${PLAIN_PORT}/`],
      [plain.pid],
    );
    if (before) {
      const old = await startServer({ ...env, PORT: PORTS[1] }, { main: before });
      try {
        // A sign-in through it first: a write (a transaction) as every serving process has done, so
        // both builds are measured in the state a running server is in (decision 0061).
        await signIn(PORTS[1], 'bench@example.test', password);
        const pid = [old.child.pid];
        await measure(
          `before: GET /api/me, one process (${before})`,
          [`http://127.0.0.1:${PORTS[1]}/api/me`],
          pid,
          baseline,
        );
        await measure(
          'before: GET team list, one process',
          [`http://127.0.0.1:${PORTS[1]}${teamsPath}`],
          pid,
          baseline,
        );
      } finally {
        await stopServer(old.child);
      }
    }
    const firstPid = [first.child.pid];
    const meOne = await measure(
      `GET /api/me, one process (${engine})`,
      [`http://127.0.0.1:${PORTS[0]}/api/me`],
      firstPid,
      baseline,
    );
    const teamsOne = await measure(
      `GET team list (${TEAMS} teams), one process`,
      [`http://127.0.0.1:${PORTS[0]}${teamsPath}`],
      firstPid,
      baseline,
    );

    if (process.env.BENCH_ONLY !== 'one') {
      const second = await startServer({ ...env, PORT: PORTS[1] });
      children.push(second.child);
      try {
        await checkCoherence(password);
        const pids = [first.child.pid, second.child.pid];
        const meTwo = await measure(
          `GET /api/me, two processes (${engine})`,
          PORTS.map((p) => `http://127.0.0.1:${p}/api/me`),
          pids,
          baseline,
        );
        const teamsTwo = await measure(
          'GET team list, two processes',
          PORTS.map((p) => `http://127.0.0.1:${p}${teamsPath}`),
          pids,
          baseline,
        );
        for (const generator of gens) {
          for (const [name, one] of [
            ['/api/me', meOne],
            ['team list', teamsOne],
          ] as const)
            console.log(`  [${generator}] 2-core ceiling, ${name}: ${ceiling(one[generator])}`);
          console.log(
            `[${generator}] two processes / one: /api/me ${(meTwo[generator].rps / meOne[generator].rps).toFixed(2)}x, team list ${(teamsTwo[generator].rps / teamsOne[generator].rps).toFixed(2)}x (target >= 1.7x); /api/me two processes ${(meTwo[generator].rps / baseline[generator].rps).toFixed(2)}x node:http (target >= 0.5x)`,
          );
        }
      } finally {
        await stopServer(second.child);
      }
    }
    await stopServer(first.child);
    console.log(`load average after: ${loadavg()}`);
  } finally {
    for (const child of children) child.kill();
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
