/**
 * One worker process of the cron test (server/platform/jobsCron.test.ts): the job queue as a worker
 * runs it (createQueueJobs, working), on the PostgreSQL database of DATABASE_URL, with one job
 * scheduled every minute whose run writes a row (this process's id) to `cron_test_runs`. pg-boss
 * looks for a due tick every second here (30 s by default), so that both workers try to queue every
 * tick dozens of times. Prints `{"ready":true,"pid":…}` once started, `{"ran":…}` per run.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { openPostgres } from '../platform/db/client';
import { createQueueJobs, defineJob } from '../platform/jobs';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('cronWorker needs DATABASE_URL');
const logger = pino({ level: 'warn' }, pino.destination(2));
const database = await openPostgres(url);
const jobs = createQueueJobs(database, logger, true, undefined, 0, { monitorSeconds: 1, workerSeconds: 1 });
const host = { jobs, logger, db: database.db };
const tick = defineJob('test-cron-tick', z.object({}));
tick.work(host, async () => {
  await database.db.execute(sql`insert into cron_test_runs (pid) values (${process.pid})`);
  console.log(JSON.stringify({ ran: true, pid: process.pid }));
});
tick.schedule(host, '* * * * *', {});
await jobs.start();
console.log(JSON.stringify({ ready: true, pid: process.pid }));
