import pino, { type Logger } from 'pino';
import { openControlSocket } from '../ops/controlSocket';
import { enableReadCache, readCache } from './cache';
import { startCacheListener } from './cacheListener';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDataDir, openPostgres } from './db/client';
import { migrate } from './db/migrate';
import { logEffectFailures } from './db/transaction';
import { createRequestsInFlight, type RequestsInFlight } from './http/requestsInFlight';
import { createInlineJobs, createQueueJobs } from './jobs';
import { acquireDataDirLock } from './lock';
import { countDeliveries, createMailer } from './mail/mailer';
import { createStorage } from './storage';

export type Runtime = {
  ctx: AppContext;
  /** The server's requests in flight: buildApp counts them, the queue on PGlite lets them go first. */
  requests: RequestsInFlight;
  shutdown(): Promise<void>;
};

/** What is left of the drain's 30 s after the queue's 20 s graceful stop, with a margin. */
const DATABASE_CLOSE_MS = 5_000;

/**
 * A job that outlived the queue's graceful stop (handed back to the queue: it stops beating and
 * another process retries it) may still hold a pooled connection in a transaction, and
 * pool.end() waits for every connection to be released: on PostgreSQL, SIGTERM during a long
 * import then ended in the drain's timeout and exit 1. The process exits right after; the open
 * transaction is rolled back by PostgreSQL when the connection drops.
 */
async function closeWithin(closing: Promise<void>, ms: number, log: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
    timer.unref();
  });
  const outcome = await Promise.race([closing.then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late')
    log.warn(
      { ms },
      'database connections still held by a job handed back to the queue; exiting without them',
    );
}

/**
 * Opens the database (locking an embedded data dir first), migrates it and wires the platform.
 * The server uses the pg-boss queue; one-shot CLI commands run their jobs inline.
 */
export async function openRuntime(config: Config, role: 'server' | 'cli', logger?: Logger): Promise<Runtime> {
  const log = logger ?? pino({ level: config.logLevel });
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir, role, config.port);
  try {
    const database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, (err) => log.warn({ err }, 'idle database connection ended'))
      : await openDataDir(config.dataDir, (from, to) =>
          log.info({ from, to }, 'moved the embedded database into its own folder (once, decision 0039)'),
        );
    await migrate(database);
    logEffectFailures(database.db, log);
    // One process owns an embedded data dir, so an in-process cache stays coherent there. On
    // PostgreSQL it is on while this process listens for every process's writes (decision 0051).
    enableReadCache(database.kind === 'pglite');
    const cacheListener =
      role === 'server' && database.connectionString
        ? startCacheListener(database.connectionString, readCache, log)
        : null;
    await cacheListener?.ready;
    const requests = createRequestsInFlight();
    const jobs =
      role === 'server'
        ? createQueueJobs(database, log, config.worker, database.kind === 'pglite' ? requests : undefined)
        : createInlineJobs(log);
    const mailer = countDeliveries(createMailer(config.smtpUrl));
    const storage = createStorage(config);
    // Backups of the embedded database are taken by the process that owns it (decision 0032).
    const control =
      role === 'server' && database.kind === 'pglite'
        ? await openControlSocket(config.dataDir, database, storage, log)
        : null;
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      logger: log,
      jobs,
      mailer,
      storage,
    };
    return {
      ctx,
      requests,
      async shutdown() {
        await control?.close();
        await jobs.stop();
        // After the jobs: an email job still running finishes its message on its connection.
        await mailer.close();
        await cacheListener?.close();
        await closeWithin(database.close(), DATABASE_CLOSE_MS, log);
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
