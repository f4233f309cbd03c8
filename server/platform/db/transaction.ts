import { PgTransaction } from 'drizzle-orm/pg-core';
import pino, { type Logger } from 'pino';
import { ScopedStorage } from '../scopedStorage';
import type { Db, DbOrTx, Tx } from './client';

/** Work to do once the transaction has committed: hand outbox emails to the queue, send a job. */
export type Effect = () => Promise<void> | void;

export type Effects = {
  /** Runs `effect` after the outermost transaction commits; never when it rolls back. */
  afterCommit(effect: Effect): void;
};

type Open = { db: Db; tx: Tx; effects: Effect[] };

// The transaction a service is already inside, per async call chain, so that a service calling
// another joins its transaction instead of opening a second one (on PGlite, one connection, a
// second would wait forever on the first).
const current = new ScopedStorage<Open>();

// Where a failed effect is logged, per database: the process's logger, told once where the
// database is wired to the app (`logEffectFailures`), so that services need not pass it along.
const effectLoggers = new WeakMap<Db, Pick<Logger, 'error'>>();
let fallbackLogger: Logger | undefined;

/** Logs the after-commit effects that fail on `db` to `logger` (the runtime's and the test app's). */
export function logEffectFailures(db: Db, logger: Pick<Logger, 'error'>): void {
  effectLoggers.set(db, logger);
}

function loggerOf(db: Db): Pick<Logger, 'error'> {
  const logger = effectLoggers.get(db);
  if (logger) return logger;
  fallbackLogger ??= pino({ level: 'error' });
  return fallbackLogger;
}

/** A transaction given from outside any `withTransaction` (a test's own) has no commit to wait for. */
const noEffects: Effects = {
  afterCommit() {
    throw new Error('afterCommit needs a transaction opened by withTransaction');
  },
};

/**
 * The one way to open a transaction (decisions 0021, 0048). `db` is the database, or a
 * transaction the caller is already in: given a transaction, or the database while one is open
 * on it in this call chain, `work` joins it (no second transaction, no savepoint); otherwise one
 * is opened. `work` gets the transaction and the after-commit effects; the effects run, in
 * order, only once the outermost transaction has committed. An effect that fails is logged, not
 * thrown: the write it follows is already committed, and the caller's answer must say so (a
 * stuck outbox email is dispatched again at start-up).
 */
export async function withTransaction<T>(
  db: DbOrTx,
  work: (tx: Tx, effects: Effects) => Promise<T>,
): Promise<T> {
  const open = current.getStore();
  if (db instanceof PgTransaction) {
    // A savepoint or the open transaction itself: its effects wait for the outermost commit.
    if (!open) return work(db as Tx, noEffects);
    return work(db as Tx, { afterCommit: (effect) => open.effects.push(effect) });
  }
  const top = db as Db;
  if (open && open.db === top) return work(open.tx, { afterCommit: (effect) => open.effects.push(effect) });
  const effects: Effect[] = [];
  const result = await top.transaction((tx) =>
    current.run({ db: top, tx, effects }, () => work(tx, { afterCommit: (effect) => effects.push(effect) })),
  );
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      loggerOf(top).error({ err }, 'after-commit effect failed');
    }
  }
  return result;
}

/**
 * Runs `effect` once the transaction open on `db` in this call chain commits (never after a
 * rollback), or at once when none is open: a job sent from inside a service's transaction is
 * queued only if the rows it names were committed.
 */
export async function afterCommitOf(db: Db, effect: Effect): Promise<void> {
  const open = current.getStore();
  if (open && open.db === db) open.effects.push(effect);
  else await effect();
}
