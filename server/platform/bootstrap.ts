import pino, { type Logger } from 'pino';
import { openControlSocket } from '../ops/controlSocket';
import { enableReadCache } from './cache';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDataDir, openPostgres } from './db/client';
import { migrate } from './db/migrate';
import { createInlineJobs, createQueueJobs } from './jobs';
import { acquireDataDirLock } from './lock';
import { countDeliveries, createMailer } from './mail/mailer';
import { createStorage } from './storage';

export type Runtime = { ctx: AppContext; shutdown(): Promise<void> };

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
    // One process owns an embedded data dir, so an in-process cache stays coherent there.
    enableReadCache(database.kind === 'pglite');
    const jobs = role === 'server' ? createQueueJobs(database, log, config.worker) : createInlineJobs(log);
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
      async shutdown() {
        await control?.close();
        await jobs.stop();
        // After the jobs: an email job still running finishes its message on its connection.
        await mailer.close();
        await database.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
