/**
 * The event stream (issue 17): N open streams on one server process (default 1,000), the server's
 * memory per stream, and the time from a publish to the first and the last client receiving its
 * signal (goal: last under 1 s). The app listens on loopback in this process; the clients run in a
 * process of their own (bench/live-clients.mjs). PGlite by default; with BENCH_DATABASE_URL (a
 * PostgreSQL server) on a scratch database there, through LISTEN/NOTIFY.
 * `npx tsx --expose-gc bench/live.bench.ts` (BENCH_STREAMS=1000, BENCH_ROUNDS=10)
 */
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { addUserToEvent } from '../server/modules/auth/accounts/service';
import { createSession } from '../server/modules/auth/sessions/service';
import { type Database, openPglite } from '../server/platform/db/client';
import { migrate } from '../server/platform/db/migrate';
import { withTransaction } from '../server/platform/db/transaction';
import { benchContext, createBenchEvent, median, percentile } from './lib';
import { scratchPostgres } from './scratchPostgres';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const now = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

async function openDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const scratch = await scratchPostgres(url, 'portal_bench_live');
    await migrate(scratch.database);
    return scratch;
  }
  const database = await openPglite(undefined);
  await migrate(database);
  return { database, drop: () => database.close() };
}

async function main() {
  const { database, drop } = await openDatabase();
  const ctx = benchContext(database, { files: '.tmp/bench-live-files' });
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const eventId = await createBenchEvent(database);
  const person = (i: number, permissions: 'user' | 'admin') =>
    withTransaction(database.db, (tx) =>
      addUserToEvent(
        tx,
        { eventId, email: `p${i}@bench.example`, firstName: 'P', surname: `${i}`, permissions },
        'system',
      ),
    );
  const admin = await person(0, 'admin');
  const adminCookie = `portal_session=${await createSession(database.db, admin.accountId, eventId)}`;
  // Sessions are made directly: signing 1,000 people in would time password hashing instead.
  const cookies: string[] = [];
  for (let i = 1; i <= STREAMS; i++) {
    const { accountId } = await person(i, 'user');
    cookies.push(`portal_session=${await createSession(database.db, accountId, eventId)}`);
  }

  const before = memory();
  const clients = fork('bench/live-clients.mjs', [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const rounds: { round: number; first: number; last: number }[] = [];
  const waiters: ((r: { round: number; first: number; last: number }) => void)[] = [];
  const openedAt = now();
  const opened = new Promise<void>((resolve, reject) => {
    clients.on('message', (msg: unknown) => {
      if (msg === 'open') resolve();
      else if (typeof msg === 'object' && msg && 'error' in msg) reject(new Error(String(msg.error)));
      else if (typeof msg === 'object' && msg && 'round' in msg) {
        const r = msg as { round: number; first: number; last: number };
        rounds.push(r);
        waiters.shift()?.(r);
      }
    });
  });
  clients.send({ base, path: `/api/events/${eventId}/stream`, cookies });
  await opened;
  const openMs = now() - openedAt;
  await new Promise((r) => setTimeout(r, 500));
  const after = memory();

  const toFirst: number[] = [];
  const toLast: number[] = [];
  const requestMs: number[] = [];
  /** From the publish request's answer (the signal leaves just before it) to the last client. */
  const afterAnswer: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const arrived = new Promise<{ first: number; last: number }>((r) => waiters.push(r));
    const t0 = now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/notifications`,
      headers: { cookie: adminCookie },
      payload: { title: `Round ${round}`, action: 'publish' },
    });
    if (res.statusCode !== 201) throw new Error(`publish ${res.statusCode} ${res.body}`);
    requestMs.push(now() - t0);
    const { first, last } = await arrived;
    toFirst.push(first - t0);
    toLast.push(last - t0);
    afterAnswer.push(last - t0 - requestMs[requestMs.length - 1]);
  }
  clients.disconnect();
  clients.kill();

  const engine = database.kind === 'postgres' ? 'PostgreSQL (LISTEN/NOTIFY)' : 'PGlite (in-process)';
  console.log(`Event stream, ${engine}: ${STREAMS} streams, ${ROUNDS} publishes (everyone)`);
  console.log(`  all ${STREAMS} streams open in ${openMs.toFixed(0)} ms`);
  console.log(
    `  server memory: heap +${mb(after.heapUsed - before.heapUsed)} MB, rss +${mb(after.rss - before.rss)} MB` +
      ` -> ${((after.heapUsed - before.heapUsed) / STREAMS / 1024).toFixed(1)} KB heap, ` +
      `${((after.rss - before.rss) / STREAMS / 1024).toFixed(1)} KB rss per stream`,
  );
  const fmt = (xs: number[]) =>
    `p50 ${median(xs).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
  console.log(`  publish request (save + signal): ${fmt(requestMs)}`);
  console.log(`  publish -> first client: ${fmt(toFirst)}`);
  console.log(`  publish -> last client:  ${fmt(toLast)}`);
  console.log(`  answer -> last client:   ${fmt(afterAnswer)}`);
  await app.close();
  await drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
