import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEmailJobs } from '../modules/emails/jobs';
import { dispatchEmails, queueEmail } from '../modules/emails/service';
import { outboxEmails } from '../modules/emails/tables';
import { renderEmail } from '../modules/emails/templates/email';
import { openTestDatabase } from '../test/harness';
import { loadConfig } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { createQueueJobs, type Jobs } from './jobs';
import { beat, pgliteQueueDb } from './jobsPgBoss';
import { createMailer } from './mail/mailer';
import { createStorage } from './storage';

/** The real pg-boss queue, on the database under test (a PGlite copy, or PostgreSQL). */
describe('email jobs on the pg-boss queue', () => {
  let database: Database;
  const started: Jobs[] = [];
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop();
    await database.close();
  });

  function context(jobs: Jobs): AppContext {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    return {
      config,
      database,
      db: database.db,
      logger,
      jobs,
      mailer: createMailer(undefined),
      storage: createStorage(config),
    };
  }

  async function queueResetEmail(ctx: AppContext, to: string): Promise<string> {
    const content = renderEmail('resetPassword', {
      eventName: 'Expo 2027',
      firstName: 'Jo',
      link: 'https://portal.example.test/auth/reset-password?token=t',
    });
    return ctx.db.transaction((tx) =>
      queueEmail(tx, { eventId: null, kind: 'resetPassword', to, content, actor: 'system' }),
    );
  }

  async function statusWithin(id: string, want: string, ms: number): Promise<string> {
    const deadline = Date.now() + ms;
    let status = '';
    while (Date.now() < deadline) {
      [{ status }] = await database.db
        .select({ status: outboxEmails.status })
        .from(outboxEmails)
        .where(eq(outboxEmails.id, id));
      if (status === want) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return status;
  }

  async function startJobs(work: boolean): Promise<AppContext> {
    const jobs = createQueueJobs(database, logger, work);
    const ctx = context(jobs);
    registerEmailJobs(ctx);
    await jobs.start();
    started.push(jobs);
    return ctx;
  }

  it('delivers a sent email job within a few seconds: the outbox row becomes stored', async () => {
    const ctx = await startJobs(true);
    const id = await queueResetEmail(ctx, 'queued@example.test');
    await dispatchEmails(ctx, [id]);
    expect(await statusWithin(id, 'stored', 10_000)).toBe('stored');
    await ctx.jobs.stop();
    started.length = 0;
  });

  it('keeps a job sent by a process without a worker (WORKER=off) until a worker takes it', async () => {
    const sender = await startJobs(false);
    const id = await queueResetEmail(sender, 'later@example.test');
    await dispatchEmails(sender, [id]);
    expect(await statusWithin(id, 'stored', 1500)).toBe('queued');
    await startJobs(true);
    expect(await statusWithin(id, 'stored', 10_000)).toBe('stored');
  });

  async function stopWorkers() {
    for (const jobs of started) await jobs.stop();
    started.length = 0;
  }

  it('counts what waits per queue for /metrics', async () => {
    await stopWorkers();
    const sender = await startJobs(false);
    const id = await queueResetEmail(sender, 'counted@example.test');
    await dispatchEmails(sender, [id]);
    const depth = await sender.jobs.depth();
    expect(depth.find((q) => q.queue === 'email.send')).toMatchObject({ ready: 1, active: 0, failed: 0 });
    await stopWorkers();
  });

  it("moves a running job's expiry on with each beat, so the supervisor leaves it alone", async () => {
    await stopWorkers();
    const sender = await startJobs(false);
    await sender.jobs.send('email.send', { outboxId: '00000000-0000-4000-8000-000000000001' });
    await stopWorkers();
    // As if a worker took it an hour ago and is still at it.
    const pool = database.connectionString
      ? new pg.Pool({ connectionString: database.connectionString })
      : null;
    const queueDb: PgBoss.Db = pool
      ? { executeSql: (text, values) => pool.query(text, values) }
      : pgliteQueueDb(database.pglite!);
    const { rows } = await queueDb.executeSql(
      `update pgboss.job set state = 'active', started_on = now() - interval '1 hour'
       where name = 'email.send' and state = 'created' returning id`,
      [],
    );
    const ids = rows.map((r: { id: string }) => r.id);
    const expired = async () =>
      (
        await queueDb.executeSql(
          `select count(*)::int as n from pgboss.job where id = any($1::uuid[]) and started_on + expire_in < now()`,
          [ids],
        )
      ).rows[0].n;
    expect(ids.length).toBeGreaterThan(0);
    expect(await expired()).toBe(ids.length);
    await beat(queueDb, 'email.send', ids);
    expect(await expired()).toBe(0);
    await queueDb.executeSql(`delete from pgboss.job where id = any($1::uuid[])`, [ids]);
    await pool?.end();
  });

  it('refuses to start on a queue schema made by a newer pg-boss, and says what to do', async () => {
    const other = await openTestDatabase();
    try {
      await other.db.execute(sql`create schema pgboss`);
      await other.db.execute(sql`create table pgboss.version (version int primary key)`);
      await other.db.execute(sql`insert into pgboss.version values (26)`);
      const jobs = createQueueJobs(other, logger, false);
      await expect(jobs.start()).rejects.toThrow(
        /version 26\) was made by a newer pg-boss .*reset-queue --yes/,
      );
    } finally {
      await other.close();
    }
  });
});
