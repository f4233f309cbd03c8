/**
 * An in-process cache for small, hot read models (a session with its account; an account's list
 * of events), so that a signed-in request need not wait on the database for who is asking.
 *
 * It is on only where it is coherent by construction: the embedded database belongs to one process
 * (the data-dir lock) and serialises every query behind any open transaction, so a reader that
 * misses after an invalidation sees the committed change. On PostgreSQL several processes share
 * the data, and the cache is off. See docs/decisions/0003-read-cache.md.
 */
export class ReadCache {
  /** Off until the process opens its database and knows it owns the data (see enableReadCache). */
  enabled = false;

  private readonly entries = new Map<string, unknown>();
  /** Bumped by every invalidation: a load that raced with one does not store what it read. */
  private generation = 0;

  constructor(private readonly maxEntries = 20_000) {}

  /** The cached value, or the loader's (stored unless an invalidation ran meanwhile). */
  async load<T>(key: string, loader: () => Promise<T>): Promise<T> {
    if (this.enabled && this.entries.has(key)) return this.entries.get(key) as T;
    const generation = this.generation;
    const value = await loader();
    if (this.enabled && value !== null && value !== undefined && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, value);
    }
    return value;
  }

  /** Replaces a cached value in place (e.g. a session's last-seen time after it was written). */
  update<T>(key: string, value: T): void {
    if (this.enabled && this.entries.has(key)) this.entries.set(key, value);
  }

  invalidate(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  /** Drops every entry whose key starts with the prefix, or that the predicate picks. */
  invalidateWhere(predicate: (key: string, value: unknown) => boolean): void {
    this.generation++;
    for (const [key, value] of this.entries) if (predicate(key, value)) this.entries.delete(key);
  }
}

/**
 * The process's one cache, like its logger: services invalidate what they change without the
 * cache being threaded through every call. Keys carry random ids, so tests sharing a process are
 * never confused by each other's entries.
 */
export const readCache = new ReadCache();

export function enableReadCache(on: boolean): void {
  readCache.enabled = on;
}
