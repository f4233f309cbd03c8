import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

/**
 * Work the surrounding request asks to run inside each transaction it opens on the database, last,
 * just before the commit, with the transaction's result. The audit trail writes its entry here, so
 * a write and its entry commit together or not at all (decision 0040). It returns what to undo
 * should that transaction roll back after all (its commit failed).
 */
export type BeforeCommit = (tx: Tx, result: unknown) => Promise<RolledBack | undefined>;
export type RolledBack = () => void;

const hooks = new AsyncLocalStorage<BeforeCommit>();

/** Runs `fn` so that every transaction it opens on the database calls `hook` before committing. */
export function withBeforeCommit<T>(hook: BeforeCommit, fn: () => T): T {
  return hooks.run(hook, fn);
}

/**
 * Makes `db.transaction` call the hook of the request it runs for. Done once, where the database
 * is opened, because services open transactions both through `withTransaction` and with
 * `db.transaction` directly (about 40 of them), and every one must carry its entry. Savepoints
 * (`tx.transaction`) are not wrapped: they commit with the transaction around them.
 */
export function runBeforeCommitHooks(db: Db): Db {
  const open = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    const hook = hooks.getStore();
    if (!hook) return open(work, config);
    let rolledBack: RolledBack | undefined;
    return open(async (tx) => {
      const done = await work(tx);
      rolledBack = await hook(tx, done);
      return done;
    }, config).catch((err: unknown) => {
      rolledBack?.();
      throw err;
    });
  }) as Db['transaction'];
  return db;
}
