import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { getEvent } from '../modules/events/service';
import { openRuntime } from '../platform/bootstrap';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db/client';
import { acquireDataDirLock, DataDirLockedError } from '../platform/lock';
import { createStorage } from '../platform/storage';
import { type BackupSummary, restoreBackup, writeBackupFile } from './backup';
import { requestBackup } from './controlSocket';
import { purgeEvent } from './purgeEvent';
import { copyStorage, storesFor } from './storageCopy';

/** The operator commands of issue 20 (decision 0032); cli.ts parses the options and prints. */

type Values = Record<string, string | boolean | undefined>;
const PG_HINT =
  'On PostgreSQL use pg_dump/pg_restore for the database and storage-copy for the files (docs/operations.md)';

export class OpsUsageError extends Error {}

function text(values: Values, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || !v) throw new OpsUsageError(`--${name} is required`);
  return v;
}

export async function storageCopyCommand(config: Config, values: Values) {
  const to = text(values, 'to');
  if (to !== 's3' && to !== 'disk') throw new OpsUsageError('--to must be s3 or disk');
  const stores = storesFor(config, process.env, to);
  const summary = await copyStorage(stores.from, stores.to, (done, key, action) => {
    if (action === 'failed' || done % 100 === 0)
      process.stderr.write(`${done} objects (${action}: ${key})\n`);
  });
  process.stderr.write(
    `${summary.direction}: ${summary.copied} copied (${summary.bytes} bytes), ${summary.skipped} already there, ${summary.failed.length} failed\n`,
  );
  return { summary, code: summary.failed.length === 0 ? 0 : 1 };
}

export async function backupCommand(
  config: Config,
  values: Values,
): Promise<BackupSummary & { out: string }> {
  if (config.databaseUrl) throw new Error(`backup archives the embedded database. ${PG_HINT}`);
  const out = resolve(text(values, 'out'));
  let runtime: Awaited<ReturnType<typeof openRuntime>>;
  try {
    runtime = await openRuntime(config, 'cli');
  } catch (err) {
    // The server owns the database while it runs: it takes the backup itself.
    if (err instanceof DataDirLockedError && err.holder.role === 'server') {
      return { ...(await requestBackup(config.dataDir, out)), out };
    }
    throw err;
  }
  try {
    return { ...(await writeBackupFile(runtime.ctx.database, runtime.ctx.storage, out)), out };
  } finally {
    await runtime.shutdown();
  }
}

export async function restoreCommand(config: Config, values: Values) {
  if (config.databaseUrl) throw new Error(`restore loads an embedded database. ${PG_HINT}`);
  const from = resolve(text(values, 'from'));
  const release = acquireDataDirLock(config.dataDir, 'cli');
  try {
    return { ...(await restoreBackup(from, config.dataDir, createStorage(config))), dataDir: config.dataDir };
  } finally {
    release();
  }
}

export async function purgeEventCommand(config: Config, values: Values) {
  const eventId = text(values, 'event');
  if (!UUID.test(eventId)) throw new Error('Event ID not found');
  const runtime = await openRuntime(config, 'cli');
  try {
    const { ctx } = runtime;
    if (values.yes !== true) {
      const name = await eventName(ctx.db, eventId);
      const typed = await ask(
        `This removes the event "${name}" with all its people, data and files, and cannot be undone.\nType the event's name to confirm: `,
      );
      if (typed === null)
        throw new Error('No name was typed (no input): nothing was removed. Scripts pass --yes');
      if (typed.trim() !== name)
        throw new Error('The name typed does not match the event: nothing was removed');
    }
    return await purgeEvent(ctx.db, ctx.storage, eventId);
  } finally {
    await runtime.shutdown();
  }
}

/**
 * One line typed on stdin, or null when the input ends first (a script without --yes, stdin at
 * /dev/null). Without this, readline's question never settled, nothing else kept the process
 * alive, and it exited 0 having removed nothing: a script would have believed the purge done.
 */
async function ask(prompt: string): Promise<string | null> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await new Promise<string | null>((resolve) => {
      rl.once('close', () => resolve(null));
      rl.question(prompt).then(resolve, () => resolve(null));
    });
  } finally {
    rl.close();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function eventName(db: Db, eventId: string): Promise<string> {
  return (await getEvent(db, eventId)).name;
}
