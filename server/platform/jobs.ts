import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { z } from 'zod';
import { bookkeeping } from './db/beforeCommit';
import type { Database, Db } from './db/client';
import { withStartupLock } from './db/startupLock';
import { afterCommitOf } from './db/transaction';
import type { RequestsInFlight } from './http/requestsInFlight';
import {
  type CronTiming,
  newBoss,
  queueStates,
  RETRY,
  refuseNewerSchema,
  sendTicksAtMostOnce,
  startBeating,
} from './jobsPgBoss';
import { jobsRun } from './observability/metrics';

export type JobHandler = (data: unknown) => Promise<void>;
/**
 * batchSize: jobs fetched per poll (default 1, one a second). A batch fails and retries as one, so
 * only handlers that skip work already done (emails check the outbox row) should take more.
 */
export type JobOptions = {
  batchSize?: number;
  /**
   * How many jobs of a fetched batch run at once (default 1: one after another). For handlers that
   * mostly wait on the network (an email on a pooled SMTP connection): the batch still succeeds or
   * fails as one, after every job in it has finished.
   */
  parallel?: number;
};

/** Background work. Handlers are registered by modules; `send` is called after a change commits. */
export interface Jobs {
  register(name: string, handler: JobHandler, options?: JobOptions): void;
  send(name: string, data: object): Promise<void>;
  /** Several jobs of one kind at once: one insert on the queue (a bulk import's emails). */
  sendMany(name: string, data: object[]): Promise<void>;
  /** Runs a registered job on a cron (UTC); the queue keeps one schedule per name across processes. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Aborted when the queue begins to stop (SIGTERM's drain). A long handler (the team import)
   * watches it to end early and hand its job back, rather than run on past the graceful stop and
   * be cut off while holding the database (decision 0049).
   */
  readonly stopping: AbortSignal;
  /** Jobs waiting, running and failed per queue, for /metrics (as the queue last counted them). */
  depth(): Promise<{ queue: string; ready: number; active: number; failed: number }[]>;
}

/** Runs a handler and counts its outcome per queue for /metrics; a failure still fails the job. */
async function counted(queue: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
    jobsRun.inc({ queue, outcome: 'completed' });
  } catch (err) {
    jobsRun.inc({ queue, outcome: 'failed' });
    throw err;
  }
}

/** The longest a job waits for the requests in flight on PGlite (see RequestsInFlight). */
const JOB_YIELD_MS = 1_000;

/** pg-boss on the same database (PGlite through its adapter, or PostgreSQL). */
export function createQueueJobs(
  database: Database,
  logger: Logger,
  work: boolean,
  /** Given on PGlite: each job first lets the requests in flight go, for at most `maxWaitMs`. */
  requests?: RequestsInFlight,
  maxWaitMs = JOB_YIELD_MS,
  /** pg-boss's cron intervals (a test looks every second). */
  cron: CronTiming = {},
): Jobs {
  const boss = newBoss(database, work, cron);
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  const handlers = new Map<string, { handler: JobHandler; batchSize: number; parallel: number }>();
  const schedules = new Map<string, { cron: string; data: object }>();
  const beating = new Set<() => void>();
  /** Runs a fetched batch, beating for its jobs until it ends. */
  const runBeating = async (name: string, jobs: PgBoss.Job<unknown>[], run: () => Promise<void>) => {
    const stop = startBeating(
      boss,
      name,
      jobs.map((job) => job.id),
      logger,
    );
    beating.add(stop);
    try {
      await run();
    } finally {
      stop();
      beating.delete(stop);
    }
  };
  const stopping = new AbortController();
  return {
    stopping: stopping.signal,
    register(name, handler, options = {}) {
      handlers.set(name, { handler, batchSize: options.batchSize ?? 1, parallel: options.parallel ?? 1 });
    },
    async send(name, data) {
      await boss.send(name, data, RETRY);
    },
    async sendMany(name, data) {
      if (data.length === 0) return;
      await boss.insert(data.map((d) => ({ name, data: d, ...RETRY })));
    },
    async schedule(name, cron, data = {}) {
      schedules.set(name, { cron, data });
    },
    async start() {
      // Processes starting together on one PostgreSQL take turns here: pg-boss creating the same
      // queue's tables from two processes at once deadlocks (decision 0052).
      await withStartupLock(database, 'portal_job_queues', async () => {
        await refuseNewerSchema(database.db);
        await boss.start();
        if (work) await sendTicksAtMostOnce(boss);
        for (const name of handlers.keys()) await boss.createQueue(name, { name, ...RETRY });
        // A scheduled run is a job like any other: it beats, and it is retried when a process dies mid-run.
        for (const [name, { cron, data }] of schedules) {
          await boss.schedule(name, cron, data, { tz: 'UTC', ...RETRY });
        }
      });
      if (!work) return;
      for (const [name, { handler, batchSize, parallel }] of handlers) {
        let workerId: string | undefined;
        workerId = await boss.work(name, { pollingIntervalSeconds: 1, batchSize }, async (jobs) => {
          await runBeating(name, jobs, () =>
            counted(name, () =>
              runBatch(jobs, parallel, async (job) => {
                await requests?.quietMoment(maxWaitMs);
                await handler(job.data);
              }),
            ),
          );
          // A full batch means more is waiting: fetch again at once rather than after a second.
          if (batchSize > 1 && jobs.length === batchSize && workerId) boss.notifyWorker(workerId);
        });
      }
    },
    async stop() {
      // Handlers that watch it end early and hand their job back (the retry resumes it).
      stopping.abort();
      // Running jobs get most of the drain (observability/drain.ts) to finish; past it pg-boss fails
      // them and they are retried by another process (or this one after its restart).
      await boss.stop({ graceful: true, timeout: 20_000 });
      for (const stop of beating) stop();
      beating.clear();
    },
    depth() {
      return queueStates(boss, [...handlers.keys()]);
    },
  };
}

/**
 * Runs a batch's jobs. One at a time, a failure stops the batch there (as pg-boss batches always
 * ran here). `parallel` at a time, every job is started even when one fails (the others' work is
 * done and skipped on the batch's retry), and the first failure then fails the batch.
 */
export async function runBatch<T>(
  jobs: readonly T[],
  parallel: number,
  run: (job: T) => Promise<void>,
): Promise<void> {
  // A turn of the event loop between jobs: on PGlite (answered on this thread, through promises
  // only) a large batch would otherwise hold it, and requests and signals wait (decision 0049).
  if (parallel <= 1) {
    for (const job of jobs) {
      await run(job);
      await eventLoopTurn();
    }
    return;
  }
  let next = 0;
  let failure: { err: unknown } | null = null;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      try {
        await run(job);
      } catch (err) {
        failure ??= { err };
      }
      await eventLoopTurn();
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, lane));
  if (failure) throw (failure as { err: unknown }).err;
}

/** Runs each job at once, in process: for tests and one-shot CLI commands. */
export function createInlineJobs(logger: Logger): Jobs {
  const handlers = new Map<string, JobHandler>();
  const send = async (name: string, data: object) => {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`No job handler for ${name}`);
    try {
      // A job run inline (tests, the CLI) is not the request's own write: in production it runs
      // apart from the request, so its writes outside a transaction are not the route's (0045).
      await bookkeeping(() => counted(name, () => handler(data)));
    } catch (err) {
      logger.error({ err, job: name }, 'job failed');
    }
  };
  return {
    register(name, handler) {
      handlers.set(name, handler);
    },
    send,
    async sendMany(name, data) {
      for (const d of data) await send(name, d);
    },
    // Nothing runs on a clock in process: tests and the CLI call the job's function themselves.
    async schedule() {},
    async start() {},
    async stop() {},
    // Inline jobs run inside the request or command that sent them: nothing stops them half-way.
    stopping: new AbortController().signal,
    // Nothing waits: every job ran when it was sent.
    async depth() {
      return [];
    },
  };
}

/** What sending or working a job needs: the app's queue, its logger and database (`AppContext` fits). */
export type JobHost = { jobs: Jobs; logger: Logger; db: Db };

/** A job's payload failed its schema: the job fails (and is logged as such), the worker carries on. */
export class BadJobPayload extends Error {
  constructor(
    readonly job: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      `Job ${job}: its payload does not fit the job's schema (${z.prettifyError(new z.ZodError(issues))})`,
    );
    this.name = 'BadJobPayload';
  }
}

/**
 * One kind of background job: its queue name and its payload's schema, written once. `send` and
 * `sendMany` check the payload before it is queued and, inside a `withTransaction`, queue it only
 * once that transaction commits (a job never names rows that were rolled back); `work` registers
 * the handler, which gets the payload parsed. Everything else about queues stays in `Jobs`.
 */
export type JobDefinition<S extends z.ZodType> = {
  readonly name: string;
  readonly schema: S;
  send(host: JobHost, payload: z.input<S>): Promise<void>;
  sendMany(host: JobHost, payloads: readonly z.input<S>[]): Promise<void>;
  work(host: JobHost, handler: (payload: z.output<S>) => Promise<void>, options?: JobOptions): void;
  /** Runs the job on a cron (UTC) with this payload; a failure to schedule is logged. */
  schedule(host: JobHost, cron: string, payload: z.input<S>): void;
};

export function defineJob<S extends z.ZodType>(name: string, schema: S): JobDefinition<S> {
  const checked = (payload: unknown): object => {
    const parsed = schema.safeParse(payload);
    // Our own code sending a wrong payload is a bug: refuse it at the sender, where it can be fixed.
    if (!parsed.success) throw new BadJobPayload(name, parsed.error.issues);
    return payload as object;
  };
  return {
    name,
    schema,
    async send(host, payload) {
      const data = checked(payload);
      await afterCommitOf(host.db, () => host.jobs.send(name, data));
    },
    async sendMany(host, payloads) {
      if (payloads.length === 0) return;
      const data = payloads.map(checked);
      await afterCommitOf(host.db, () => host.jobs.sendMany(name, data));
    },
    work(host, handler, options) {
      host.jobs.register(
        name,
        async (data) => {
          const parsed = schema.safeParse(data);
          if (!parsed.success) {
            // Queued by an older version or by hand: retrying cannot help, so say clearly why it fails.
            const err = new BadJobPayload(name, parsed.error.issues);
            host.logger.error({ job: name, issues: parsed.error.issues }, err.message);
            throw err;
          }
          await handler(parsed.data);
        },
        options,
      );
    },
    schedule(host, cron, payload) {
      host.jobs
        .schedule(name, cron, checked(payload))
        .catch((err: unknown) => host.logger.error({ err, job: name }, 'could not schedule a job'));
    },
  };
}
