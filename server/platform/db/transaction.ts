import { AsyncLocalStorage } from 'node:async_hooks';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
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
const current = new AsyncLocalStorage<Open>();

/**
 * The one way a service opens a transaction. `work` gets the transaction and the after-commit
 * effects; the effects run, in order, only once the outermost transaction has committed. An
 * effect that fails is logged, not thrown: the write it follows is already committed, and the
 * caller's answer must say so (a stuck outbox email is dispatched again at start-up).
 */
export async function withTransaction<T>(
  ctx: Pick<AppContext, 'db' | 'logger'>,
  work: (tx: Tx, effects: Effects) => Promise<T>,
): Promise<T> {
  const open = current.getStore();
  if (open && open.db === ctx.db)
    return work(open.tx, { afterCommit: (effect) => open.effects.push(effect) });
  const effects: Effect[] = [];
  const result = await ctx.db.transaction((tx) =>
    current.run({ db: ctx.db, tx, effects }, () =>
      work(tx, { afterCommit: (effect) => effects.push(effect) }),
    ),
  );
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      ctx.logger.error({ err }, 'after-commit effect failed');
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

/**
 * For a service given a database or a transaction: runs `work` in the transaction `db` already
 * is (or the one open on it in this call chain), or opens one. A route's writes then carry their
 * audit entry in the same commit (decision 0045) without the route opening a transaction (0021).
 */
export async function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return work(db as Tx);
  const open = current.getStore();
  if (open && open.db === db) return work(open.tx);
  return (db as Db).transaction(work);
}
