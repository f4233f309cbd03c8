import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, Db } from './db/client';
import { rowsOf } from './db/rows';

/**
 * pg-boss 10 adapted to the portal: what jobs.ts's queue needs that pg-boss does not do itself,
 * or does differently on PGlite. The portal's job API (Jobs, defineJob) is in jobs.ts.
 */

/**
 * Every job beats while it runs: pg-boss 10 has no heartbeat of its own, so the worker moves the
 * job's expiry on every HEARTBEAT_S / 2 (`startBeating`), and pg-boss's supervisor fails (then
 * retries) an active job whose expiry has passed. A process killed mid-job stops beating, so the
 * supervisor fails the job within about HEARTBEAT_S + SUPERVISE_S and the retry picks it up after
 * RETRY_DELAY_S: an interrupted import, email batch or reminder run resumes within a minute of a
 * restart (handlers skip the work already done). Decision 0047.
 */
const HEARTBEAT_S = 20;
const SUPERVISE_S = 10;
const RETRY_DELAY_S = 10;
export const RETRY = {
  retryLimit: 5,
  retryDelay: RETRY_DELAY_S,
  retryBackoff: true,
  expireInSeconds: HEARTBEAT_S,
};
/** pg-boss's own schema version (pg-boss 10.x); a newer one was made by pg-boss 11+ (decision 0047). */
export const QUEUE_SCHEMA_VERSION = 24;
/** The queue through which pg-boss's cron sends a due tick's job (timekeeper.js). */
const SEND_IT = '__pgboss__send-it';

/** How often pg-boss looks for a due cron tick, and for a queued tick to send (its defaults: 30 s, 5 s). */
export type CronTiming = { monitorSeconds?: number; workerSeconds?: number };

/** pg-boss on the database: PostgreSQL by its own pool, PGlite through `pgliteQueueDb`. */
export function newBoss(database: Database, work: boolean, cron: CronTiming): PgBoss {
  const options = {
    supervise: work,
    schedule: work,
    maintenanceIntervalSeconds: SUPERVISE_S,
    ...(cron.monitorSeconds ? { cronMonitorIntervalSeconds: cron.monitorSeconds } : {}),
    ...(cron.workerSeconds ? { cronWorkerIntervalSeconds: cron.workerSeconds } : {}),
  };
  return database.pglite
    ? new PgBoss({ db: pgliteQueueDb(database.pglite), ...options })
    : new PgBoss({ connectionString: database.connectionString, ...options });
}

/**
 * pg-boss's `db` option on PGlite. pg-boss sends its schema and maintenance as several statements
 * in one text without parameters, which only PGlite's `exec` (simple protocol) runs; everything
 * with parameters is one statement for `query`.
 */
export function pgliteQueueDb(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/** A schema left by pg-boss 11 or 12 cannot be run by pg-boss 10: say so and how to move on. */
export async function refuseNewerSchema(db: Db): Promise<void> {
  const [table] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('pgboss.version') is not null as present`,
  );
  if (!table?.present) return;
  const [row] = await rowsOf<{ version: number }>(
    db,
    sql`select version::int as version from pgboss.version`,
  );
  const version = row?.version ?? 0;
  if (version > QUEUE_SCHEMA_VERSION)
    throw new Error(
      `The job queue schema (pgboss, version ${version}) was made by a newer pg-boss than this ` +
        `server runs (schema ${QUEUE_SCHEMA_VERSION}). Stop every server, run ` +
        `"npm run cli -- reset-queue --yes" (it drops the pgboss schema: the jobs still waiting ` +
        `are lost) and start again (docs/decisions/0047).`,
    );
}

/**
 * A cron tick is queued at most once (decision 0059). pg-boss's cron queues a due tick as a job on
 * its send-it queue (once per minute and name, however many processes try), whose worker inserts
 * the scheduled job and then completes the send-it job: a process killed between the two would
 * leave the send-it job to expire and be retried, and the tick's job would be queued (and run) a
 * second time. Without retries, that tick is dropped instead; every scheduled job here is a sweep
 * that the next tick catches up. Called once the queue has started (pg-boss made the queue).
 */
export async function sendTicksAtMostOnce(boss: PgBoss): Promise<void> {
  await boss.updateQueue(SEND_IT, { name: SEND_IT, retryLimit: 0 });
}

/** Moves the running jobs' expiry on: HEARTBEAT_S from now (see HEARTBEAT_S). */
export function beat(db: PgBoss.Db, name: string, ids: string[]): Promise<unknown> {
  return db.executeSql(
    `update pgboss.job set expire_in = (now() - started_on) + make_interval(secs => $3)
     where name = $1 and id = any($2::uuid[]) and state = 'active'`,
    [name, ids, HEARTBEAT_S],
  );
}

/** Beats for a fetched batch's jobs until the returned function is called. */
export function startBeating(boss: PgBoss, name: string, ids: string[], logger: Logger): () => void {
  const timer = setInterval(
    () => {
      beat(boss.getDb(), name, ids).catch((err: unknown) =>
        logger.warn({ err, job: name }, 'job beat failed'),
      );
    },
    (HEARTBEAT_S * 1000) / 2,
  );
  return () => clearInterval(timer);
}

/** Jobs waiting, running and failed per queue: pg-boss 10 counts no states per queue. */
export async function queueStates(
  boss: PgBoss,
  names: string[],
): Promise<{ queue: string; ready: number; active: number; failed: number }[]> {
  if (names.length === 0) return [];
  const { rows } = await boss
    .getDb()
    .executeSql(
      `select name, state, count(*)::int as n from pgboss.job where name = any($1::text[]) group by name, state`,
      [names],
    );
  const count = (queue: string, state: string) =>
    rows.find((r: { name: string; state: string }) => r.name === queue && r.state === state)?.n ?? 0;
  return names.map((queue) => ({
    queue,
    ready: count(queue, 'created') + count(queue, 'retry'),
    active: count(queue, 'active'),
    failed: count(queue, 'failed'),
  }));
}
