import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEmailJobs } from '../modules/emails/jobs';
import { dispatchEmails, queueEmail } from '../modules/emails/service';
import { outboxEmails } from '../modules/emails/tables';
import { renderEmail } from '../modules/emails/templates';
import { openTestDatabase } from '../test/harness';
import { loadConfig } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { createQueueJobs, type Jobs } from './jobs';
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
});
