import { getTableName } from 'drizzle-orm';
import { type PgColumn, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { type WriteKind, writesOf } from './db/writes';

/**
 * An in-process cache for small, hot read models (a session with its account; an account's list
 * of events), so that a signed-in request need not wait on the database for who is asking.
 *
 * On the embedded database it is coherent by construction: the database belongs to one process
 * (the data-dir lock) and serialises every query behind any open transaction, so a reader that
 * misses after an invalidation sees the committed change (docs/decisions/0003-hot-path.md). On
 * PostgreSQL several processes share the data: each write to a model's tables is told to every
 * process by a NOTIFY that leaves with its commit, and the cache is on only while this process
 * listens for them (`cacheListener.ts`, docs/decisions/0051-read-cache-on-postgresql.md).
 *
 * Invalidation follows the writes (decision 0042): each read model declares, where it is defined,
 * the tables (and kinds of write) its rows come from, and the database client reports every
 * statement it runs (`noteStatement`); a write to a declared table drops the model's entries. No
 * service calls the cache after its writes.
 */

/** A table a read model is built from, and which writes to it can change what the model holds. */
export type Dependency = {
  table: PgTable;
  on: readonly WriteKind[];
  /** An update that sets only these columns changes nothing the model holds (a last-seen time). */
  unlessOnly?: readonly PgColumn[];
};

type Watch = { on: ReadonlySet<WriteKind>; unlessOnly: ReadonlySet<string> };

/**
 * The values the read models hold, frozen: a cached value is handed to every request that asks,
 * so nobody may change it (a change would show in every other answer; frozen, it throws where it
 * is made). Being unchangeable, the text an answer writer wrote for one may be written again as is
 * (`isSharedValue`, platform/http/serializer.ts; decision 0061).
 */
const sharedValues = new WeakSet<object>();

/** Whether `value` is held by a read model (frozen, the same object for every request). */
export function isSharedValue(value: object): boolean {
  return sharedValues.has(value);
}

function share<T>(value: T): T {
  if (typeof value !== 'object' || value === null || sharedValues.has(value)) return value;
  freezeDeep(value);
  sharedValues.add(value);
  return value;
}

function freezeDeep(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value))
    if (typeof inner === 'object' && inner !== null && !(inner instanceof Date)) freezeDeep(inner);
}

/** One cached read model: its entries, and the writes that drop them. */
export class CachedModel<T> {
  readonly entries = new Map<string, T>();
  readonly watches = new Map<string, Watch>();

  constructor(
    private readonly cache: ReadCache,
    readonly name: string,
    dependsOn: readonly Dependency[],
    /** At most this many entries (the oldest goes first); the cache's own bound by default. */
    private readonly maxEntries = cache.maxEntries,
  ) {
    for (const d of dependsOn) {
      this.watches.set(getTableName(d.table), {
        on: new Set(d.on),
        unlessOnly: new Set((d.unlessOnly ?? []).map((c) => c.name)),
      });
    }
  }

  /**
   * The cached value, or the loader's. The loader's value is stored unless an invalidation ran
   * meanwhile, or it was read inside a transaction (`db` is one): that read may see rows the
   * transaction then rolls back.
   */
  async load(db: object, key: string, loader: () => Promise<T | null>): Promise<T | null> {
    const { cache } = this;
    if (cache.enabled && this.entries.has(key)) return this.entries.get(key) as T;
    const generation = cache.generation;
    const value = await loader();
    if (
      cache.enabled &&
      value !== null &&
      value !== undefined &&
      generation === cache.generation &&
      !(db instanceof PgTransaction)
    ) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, share(value));
    }
    return value;
  }

  /** Replaces a cached value in place, after a write its dependencies ignore (a last-seen time). */
  update(key: string, value: T): void {
    if (this.cache.enabled && this.entries.has(key)) this.entries.set(key, share(value));
  }

  /** Whether a write of this kind to this table (setting these columns) can change the model. */
  changedBy(kind: WriteKind, table: string, columns: string[] | null): boolean {
    const watch = this.watches.get(table);
    if (!watch?.on.has(kind)) return false;
    if (kind !== 'update' || columns === null || watch.unlessOnly.size === 0) return true;
    return columns.some((c) => !watch.unlessOnly.has(c));
  }

  clear(): void {
    this.cache.generation++;
    this.entries.clear();
  }
}

export class ReadCache {
  /**
   * Off until the process opens its database and knows it owns the data (PGlite, enableReadCache)
   * or listens for the other processes' writes (PostgreSQL, cacheListener.ts). While off, every
   * read goes to the database and nothing is stored.
   */
  enabled = false;
  /** Bumped by every invalidation: a load that raced with one does not store what it read. */
  generation = 0;
  private readonly models: CachedModel<unknown>[] = [];
  /**
   * On PostgreSQL: whether this process listens for the writes every process tells (set by
   * cacheListener.ts). A writer waits for its own notification to come back only while it does.
   */
  listening = false;
  private readonly echoes = new Map<string, () => void>();
  private readonly echoPrefix = Math.random().toString(36).slice(2, 10);
  private echoCount = 0;

  constructor(readonly maxEntries = 20_000) {}

  /**
   * A nonce for a notification this process is about to send, and a promise that resolves when
   * its listener hears it come back (at once when not listening; after `waitMs` at the latest,
   * for a notification that never comes: its transaction failed to commit).
   */
  echo(waitMs = 1_000): { nonce: string; heard: Promise<void> } {
    this.echoCount++;
    const nonce = `${this.echoPrefix}.${this.echoCount}`;
    if (!this.listening) return { nonce, heard: Promise.resolve() };
    const heard = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.echoes.delete(nonce);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      timer.unref?.();
      this.echoes.set(nonce, done);
    });
    return { nonce, heard };
  }

  /** The listener heard a notification: the writer waiting for it (in this process) goes on. */
  heard(nonce: string): void {
    this.echoes.get(nonce)?.();
  }

  /** The listener is lost: no writer waits for a notification that will not come back. */
  releaseEchoes(): void {
    for (const done of [...this.echoes.values()]) done();
  }

  /**
   * Declares a read model once, next to its loader, with the tables it is read from. A model whose
   * entries are large (a page of a list) gives a smaller bound than the cache's.
   */
  model<T>(
    name: string,
    dependsOn: readonly Dependency[],
    options: { maxEntries?: number } = {},
  ): CachedModel<T> {
    const model = new CachedModel<T>(this, name, dependsOn, options.maxEntries);
    this.models.push(model as CachedModel<unknown>);
    return model;
  }

  /**
   * Every statement the database client runs, before it runs: a write to a table a model is read
   * from drops that model's entries. Dropping before the write is safe on the one database the
   * cache is on for: a reader that misses now queues behind the write (and behind its whole
   * transaction), and a load already under way is not stored (the generation moved on).
   *
   * Returns the names of the models the statement changes, also while the cache is off or
   * bypassed: on PostgreSQL the client tells the other processes about them (decision 0051).
   */
  noteStatement(sqlText: string): string[] {
    const writes = writesOf(sqlText);
    if (writes.length === 0) return [];
    const changed: string[] = [];
    for (const model of this.models) {
      if (!writes.some((w) => model.changedBy(w.kind, w.table, w.columns))) continue;
      changed.push(model.name);
      // Cleared even when empty: the generation must move on for a load that is under way.
      if (this.enabled) model.clear();
    }
    return changed;
  }

  /**
   * Drops the named models (a committed write another process, or this one, told of: decision
   * 0051). A name this process does not know drops everything: an older or newer process may
   * name its models differently, and a stale answer is worse than a reload.
   */
  dropModels(names: readonly string[]): void {
    for (const name of names) {
      const model = this.models.find((m) => m.name === name);
      if (!model) {
        this.clear();
        return;
      }
      model.clear();
    }
  }

  /** Every entry of every model (a process that changed the data behind the database's back). */
  clear(): void {
    this.generation++;
    for (const model of this.models) model.clear();
  }
}

/**
 * The process's one cache, like its logger: the read models declare themselves on it and the
 * database client reports its statements to it. Keys carry random ids, so tests sharing a process
 * are never confused by each other's entries.
 */
export const readCache = new ReadCache();

export function enableReadCache(on: boolean): void {
  readCache.enabled = on;
}
