import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import pino from 'pino';
import { createEvent } from '../server/modules/events/service';
import { loadConfig } from '../server/platform/config';
import type { AppContext } from '../server/platform/context';
import type { Database } from '../server/platform/db/client';
import { withTransaction } from '../server/platform/db/transaction';
import { createInlineJobs, createQueueJobs } from '../server/platform/jobs';
import { createMailer } from '../server/platform/mail/mailer';
import { createDiskStorage } from '../server/platform/storage';

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const median = (values: number[]) => percentile(values, 50);

/**
 * The context a benchmark builds the app (or calls services) with: production settings with the
 * rate limit off, silent logs, no mail transport, files on disk under `files`. Jobs run inline,
 * unless `queueJobs`: then they are queued on pg-boss as the server queues them (not worked here),
 * so a listener's delivery is not timed as part of the request that triggers it.
 */
export function benchContext(
  database: Database,
  options: { files: string; queueJobs?: boolean },
): AppContext {
  const logger = pino({ level: 'silent' });
  return {
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }),
    database,
    db: database.db,
    logger,
    jobs: options.queueJobs ? createQueueJobs(database, logger, false) : createInlineJobs(logger),
    mailer: createMailer(undefined),
    storage: createDiskStorage(options.files),
  };
}

/**
 * Starts the built server and resolves once /api/health answers, with the time it took. Benchmarks
 * run with the rate limit off and warn-level logs unless `productionDefaults` keeps the server's
 * own defaults (1,200 requests a minute per address, info logs).
 */
export async function startServer(
  env: Record<string, string>,
  /** `main`: another build of the server to start (a before/after comparison in one run). */
  options: { productionDefaults?: boolean; main?: string } = {},
): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const base: Record<string, string | undefined> = { ...process.env };
  if (options.productionDefaults) {
    delete base.LOG_LEVEL;
    delete base.RATE_LIMIT_PER_MINUTE;
  }
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server: NODE_OPTIONS refuses those flags.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, options.main ?? 'dist/server/main.js'], {
    env: options.productionDefaults
      ? { ...base, ...env }
      : { ...base, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}/api/health`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return { child, ms: performance.now() - started };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The database engine the running server uses, as its /api/health reports it. */
export async function serverEngine(port: string): Promise<'PGlite' | 'PostgreSQL'> {
  const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { database: string };
  return health.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
}

/** The one event the in-process benchmarks measure (May 2027, London). */
export function createBenchEvent(database: Database): Promise<string> {
  return withTransaction(database.db, (tx) =>
    createEvent(
      tx,
      {
        eventName: 'Bench Expo',
        shortName: 'Bench',
        startDate: '2027-05-10',
        endDate: '2027-05-12',
        timeZone: 'Europe/London',
        appUrl: 'https://bench.example',
      },
      'system',
    ),
  );
}

/**
 * Creates the bench's event and its admin through the built CLI (`npm run build:server` first),
 * on the database `env` names; answers the CLI's JSON (the new event's id among it).
 */
export function createEventByCli(env: NodeJS.ProcessEnv, password: string): { eventId: string } {
  return JSON.parse(
    execFileSync(
      process.execPath,
      [
        'dist/server/cli.js',
        'create-event',
        '--name',
        'Bench Expo',
        '--admin-email',
        'bench@example.test',
        '--admin-password',
        password,
        '--json',
      ],
      { env, encoding: 'utf8' },
    ),
  );
}
