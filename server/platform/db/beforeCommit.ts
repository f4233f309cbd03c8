import { ScopedStorage } from '../scopedStorage';
import type { Db, Tx } from './client';

/**
 * Work the surrounding request asks to run inside each transaction it opens on the database, last,
 * just before the commit, with the transaction's result. The audit trail writes its entry here, so
 * a write and its entry commit together or not at all (decision 0040). It returns what to undo
 * should that transaction roll back after all (its commit failed).
 */
export type BeforeCommit = (tx: Tx, result: unknown) => Promise<RolledBack | undefined>;
export type RolledBack = () => void;

/**
 * Told when work under a hook writes straight on the database, outside any transaction (a plain
 * autocommit insert, update or delete): that write cannot carry the hook's work (decision 0045).
 * Only a database watched by `reportWritesOutsideTransactions` (the test harness) tells it.
 */
export type OnWriteOutside = (statement: string) => void;

type Hooked = { hook: BeforeCommit; outside?: OnWriteOutside };
const hooks = new ScopedStorage<Hooked>();

/**
 * Runs `fn` so that every transaction it opens on the database calls `hook` before committing,
 * and every write it makes outside a transaction calls `outside`.
 */
export function withBeforeCommit<T>(hook: BeforeCommit, fn: () => T, outside?: OnWriteOutside): T {
  return hooks.run({ hook, outside }, fn);
}

/**
 * Runs `fn` without reporting its writes outside a transaction: for bookkeeping that must stand
 * even when the request's own write rolls back or is refused (a rate limit's hit count), and for
 * a job run inline (tests, the CLI), which in production runs apart from the request.
 */
export function bookkeeping<T>(fn: () => T): T {
  const store = hooks.getStore();
  return store ? hooks.run({ hook: store.hook }, fn) : fn();
}

const WRITE_SQL =
  /^\s*(insert|update|delete|merge|truncate)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

/** The SQL text of what `db.execute` was given (a string or drizzle's `sql` template). */
function sqlText(db: Db, query: unknown): string {
  if (typeof query === 'string') return query;
  try {
    const dialect = (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect;
    return dialect.sqlToQuery(query).sql;
  } catch {
    return '';
  }
}

const watched = new WeakSet<Db>();

/** Whether `reportWritesOutsideTransactions` watches this database (only the test harness does). */
export const writesOutsideReported = (db: Db): boolean => watched.has(db);

/**
 * Test harness only (`createTestApp`): wraps the top-level database's write builders and
 * `execute` so a write made outside a transaction, under a hook, is reported (transactions get
 * their own `tx`, never wrapped). Production never calls it, so it pays nothing: no wrapper per
 * write, and no `db.execute` query turned into SQL text to look for a write (decision 0048).
 */
export function reportWritesOutsideTransactions(db: Db): void {
  if (watched.has(db)) return;
  watched.add(db);
  for (const method of ['insert', 'update', 'delete'] as const) {
    const build = (db[method] as (...args: unknown[]) => unknown).bind(db);
    (db as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      hooks.getStore()?.outside?.(method);
      return build(...args);
    };
  }
  const execute = db.execute.bind(db);
  db.execute = ((query: Parameters<Db['execute']>[0]) => {
    const outside = hooks.getStore()?.outside;
    if (outside && WRITE_SQL.test(sqlText(db, query))) outside('execute');
    return execute(query);
  }) as Db['execute'];
}

/**
 * Makes `db.transaction` call the hook of the request it runs for. Done once, where the database
 * is opened; `withTransaction` is the only caller of `db.transaction` (decision 0048), so every
 * transaction a request opens carries its entry. Savepoints (`tx.transaction`) are not wrapped:
 * they commit with the transaction around them.
 */
export function runBeforeCommitHooks(db: Db): Db {
  const open = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    const hook = hooks.getStore()?.hook;
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
