/**
 * Issue 20 / decision 0051: what a committed write to a cached model's tables costs when the writer
 * waits for its own notification to come back (read your writes across processes), against the
 * same write not waiting, alternated in one run on one scratch PostgreSQL database.
 * `DATABASE_URL=postgres://... npx tsx bench/hotpath-echo.bench.ts`
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { addUserToEvent } from '../server/modules/auth/accounts/service';
import { memberships } from '../server/modules/people/tables';
import { readCache } from '../server/platform/cache';
import { startCacheListener } from '../server/platform/cacheListener';
import { openPostgres } from '../server/platform/db/client';
import { migrate } from '../server/platform/db/migrate';
import { withTransaction } from '../server/platform/db/transaction';
import { createBenchEvent } from './lib';

const base = process.env.DATABASE_URL;
if (!base) throw new Error('set DATABASE_URL: this benchmark is about PostgreSQL');
const name = `echo_cost_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const database = await openPostgres(url.toString());
try {
  await migrate(database);
  const eventId = await createBenchEvent(database);
  const { accountId } = await withTransaction(database.db, (tx) =>
    addUserToEvent(
      tx,
      { eventId, email: 'e@x.test', firstName: 'E', surname: 'C', permissions: 'user' },
      'system',
    ),
  );
  const N = 400;
  const run = async () => {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      await withTransaction(database.db, (tx) =>
        tx
          .update(memberships)
          .set({ permissions: i % 2 ? 'user' : 'moderator' })
          .where(eq(memberships.accountId, accountId)),
      );
    }
    return (performance.now() - t0) / N;
  };
  const listener = startCacheListener(url.toString(), readCache, pino({ level: 'silent' }));
  await listener.ready;
  console.log(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  for (let round = 0; round < 3; round++) {
    readCache.listening = false;
    const off = await run();
    readCache.listening = true;
    const on = await run();
    console.log(
      `per committed write: no wait ${off.toFixed(3)} ms, waiting for its own notification ${on.toFixed(3)} ms`,
    );
  }
  await listener.close();
} finally {
  await database.close();
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
