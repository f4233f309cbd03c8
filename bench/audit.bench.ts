/**
 * The audit trail's cost (issue 21: writing audit entries costs under 10% of write throughput).
 * Two apps in this process on the same database, one with the audit trail and one built without
 * it (BuildOptions.withoutAuditTrail, for this benchmark only), take turns: each round sends the
 * same writes (create a task group, rename it, then edit a task, which also records its fields
 * before and after) through each app, the order alternating so the machine's load falls on both
 * alike. Throughput is writes per second over all rounds; the cost is 1 - audited / plain.
 * On PGlite always; on PostgreSQL too when DATABASE_URL is set (a scratch database).
 *
 * AUDIT_BEFORE_DIR names an older checkout's tree (`git archive REV server shared | tar -x`, with
 * a node_modules link): its buildApp runs as a third app in the same rounds, so an earlier audit
 * trail and this one are compared on the same load (decision 0040's before/after).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { addUserToEvent } from '../server/modules/auth/accounts/service';
import { type Database, openPglite } from '../server/platform/db/client';
import { migrate } from '../server/platform/db/migrate';
import { withTransaction } from '../server/platform/db/transaction';
import type { App } from '../server/platform/http/types';
import { benchContext, createBenchEvent } from './lib';
import { scratchPostgres } from './scratchPostgres';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const WRITES_PER_ROUND = Number(process.env.BENCH_WRITES ?? 60);
const PASSWORD = 'bench-password-123';

const BEFORE_DIR = process.env.AUDIT_BEFORE_DIR;
type BuildApp = typeof buildApp;

async function appOn(
  database: Database,
  withoutAuditTrail: boolean,
  build: BuildApp = buildApp,
): Promise<App> {
  const ctx = benchContext(database, { files: mkdtempSync(join(tmpdir(), 'bench-audit-')) });
  const app = await build(ctx, { withoutAuditTrail });
  await app.ready();
  return app;
}

/** One round of writes through `app`: creates, renames and task edits in equal parts. */
async function writes(
  app: App,
  cookie: string,
  eventId: string,
  taskId: string,
  round: string,
): Promise<number> {
  const headers = { cookie, 'content-type': 'application/json' };
  const started = performance.now();
  for (let i = 0; i < WRITES_PER_ROUND / 3; i++) {
    const made = await app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/task-groups`,
      headers,
      payload: { title: `Group ${round} ${i}` },
    });
    if (made.statusCode !== 201) throw new Error(`create ${made.statusCode} ${made.body}`);
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/task-groups/${made.json().id}`,
      headers,
      payload: { title: `Group ${round} ${i} renamed` },
    });
    if (renamed.statusCode !== 200) throw new Error(`rename ${renamed.statusCode} ${renamed.body}`);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/tasks/${taskId}`,
      headers,
      payload: { title: `Send the logo ${round} ${i}`, dueDate: '2027-04-01' },
    });
    if (edited.statusCode !== 200) throw new Error(`edit ${edited.statusCode} ${edited.body}`);
  }
  return performance.now() - started;
}

async function measure(engine: string, database: Database): Promise<string> {
  await migrate(database);
  const audited = await appOn(database, false);
  const plain = await appOn(database, true);
  const eventId = await createBenchEvent(database);
  const email = 'bench.audit@example.test';
  await withTransaction(database.db, (tx) =>
    addUserToEvent(
      tx,
      { eventId, email, firstName: 'Bench', surname: 'Admin', permissions: 'admin', password: PASSWORD },
      'system',
    ),
  );
  const login = await audited.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
  });
  const cookie = (login.headers['set-cookie'] as string | string[]).toString().split(';')[0];
  const task = await audited.inject({
    method: 'POST',
    url: `/api/events/${eventId}/tasks`,
    headers: { cookie },
    payload: { title: 'Send the logo', dueDate: '2027-04-01' },
  });
  const taskId = task.json().id as string;
  const before = BEFORE_DIR
    ? await appOn(
        database,
        false,
        ((await import(join(BEFORE_DIR, 'server/app.ts'))) as { buildApp: BuildApp }).buildApp,
      )
    : null;
  const contenders = [
    { name: 'plain', app: plain, ms: 0 },
    { name: 'audited', app: audited, ms: 0 },
    ...(before ? [{ name: 'before', app: before, ms: 0 }] : []),
  ];
  // Warm each (JIT, caches, the first pages of each table).
  for (const c of contenders) await writes(c.app, cookie, eventId, taskId, `warm-${c.name}`);
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with a different app, so the machine's load falls on all alike.
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(round + k) % contenders.length];
      c.ms += await writes(c.app, cookie, eventId, taskId, `${c.name}${round}`);
    }
  }
  const total = ROUNDS * WRITES_PER_ROUND;
  const perSecond = (ms: number) => (total / ms) * 1000;
  const [plainMs, auditedMs, beforeMs] = contenders.map((c) => c.ms);
  const cost = (ms: number) => 1 - perSecond(ms) / perSecond(plainMs);
  for (const c of contenders) await c.app.close();
  const row = (label: string, ms: number) =>
    `| ${engine} | ${label} | ${total} | ${perSecond(plainMs).toFixed(1)}/s | ${perSecond(ms).toFixed(1)}/s | ${(cost(ms) * 100).toFixed(1)}% | < 10% ${cost(ms) < 0.1 ? 'met' : 'missed'} |`;
  return [...(beforeMs ? [row('before', beforeMs)] : []), row('now', auditedMs)].join('\n');
}

const rows = [
  '| engine | trail | writes each | without audit | with audit | cost | target |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
const pglite = await openPglite(undefined);
rows.push(await measure('PGlite', pglite));
await pglite.close();
if (process.env.DATABASE_URL) {
  const { database, drop } = await scratchPostgres(process.env.DATABASE_URL, 'bench_audit');
  try {
    rows.push(await measure('PostgreSQL', database));
  } finally {
    await drop();
  }
}
console.log(rows.join('\n'));
