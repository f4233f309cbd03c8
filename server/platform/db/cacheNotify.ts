import pg from 'pg';
import type { ReadCache } from '../cache';

/**
 * The channel on which every process tells the others which cached read models a committed write
 * changed (decision 0051). The payload is the models' names, comma-separated.
 */
export const READ_CACHE_CHANNEL = 'portal_read_cache';

const NOTIFY = `select pg_notify('${READ_CACHE_CHANNEL}', $1)`;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
/** A whole transaction's rollback; `rollback to savepoint` undoes only part of it and goes on. */
const ROLLBACK = /^\s*(rollback|abort)\b(?!\s+(work\s+|transaction\s+)?to\b)/i;

/** pg's own query, called with whatever overload the caller used (a dozen, typed apart). */
const baseQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return '';
}

/**
 * A pg.Client class for the server's pool that shows every statement to the read cache (which
 * drops this process's entries before the write, as on PGlite: decision 0042) and tells every
 * process, through NOTIFY on the same connection, which models a write changed:
 * - inside a transaction, once, just before its COMMIT: PostgreSQL delivers it only if the commit
 *   succeeds, never for a rolled-back write, and not before the change is visible to readers;
 * - for a write outside a transaction, right after it on the same connection (it has committed).
 * Every process listens (`cacheListener.ts`) and drops those models at that moment; its
 * generation counter keeps a load that read the old rows from storing them.
 */
export function notifyingClient(cache: ReadCache): typeof pg.Client {
  class NotifyingClient extends pg.Client {
    /** In a transaction (seen its BEGIN): the models its writes changed, told at COMMIT. */
    private pending: Set<string> | null = null;

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them through.
    override query(...args: unknown[]): any {
      const text = textOf(args[0]);
      if (BEGIN.test(text)) {
        this.pending = new Set();
      } else if (COMMIT.test(text)) {
        const pending = this.pending;
        this.pending = null;
        if (pending && pending.size > 0) {
          // Queued on this connection ahead of the COMMIT, so it is part of the transaction.
          const echo = cache.echo();
          this.notify(pending, echo.nonce);
          return this.runThenHeard(args, echo.heard);
        }
      } else if (ROLLBACK.test(text)) {
        this.pending = null;
      } else {
        const changed = cache.noteStatement(text);
        if (changed.length > 0) {
          if (this.pending) {
            for (const name of changed) this.pending.add(name);
          } else {
            // Outside a transaction the write commits by itself: tell after it, on this connection.
            const echo = cache.echo();
            const result = this.runThenHeard(args, echo.heard);
            this.notify(new Set(changed), echo.nonce);
            return result;
          }
        }
      }
      return baseQuery.apply(this, args);
    }

    /**
     * Runs the statement, and answers its caller only once this process's own listener has heard
     * the notification (or it does not listen, or a second passed): PostgreSQL signals every
     * listening process at the same moment, so by the time the request that wrote answers, the
     * other processes have the notification too, and a client that goes on to ask another
     * process gets the new truth (read your writes across processes).
     */
    private runThenHeard(args: unknown[], heard: Promise<void>): unknown {
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        const copy = [...args];
        copy[last] = (err: unknown, res: unknown) => {
          if (err) callback(err, res);
          else void heard.then(() => callback(err, res));
        };
        return baseQuery.apply(this, copy);
      }
      const result = baseQuery.apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function')
        return (result as Promise<unknown>).then((value) => heard.then(() => value));
      return result;
    }

    private notify(models: Set<string>, nonce: string): void {
      // A failure here is the write's own (its transaction aborted, the connection lost): the
      // write's statement or COMMIT reports it; nothing committed, so nothing to tell.
      const payload = `${[...models].sort().join(',')}|${nonce}`;
      (baseQuery.call(this, NOTIFY, [payload]) as Promise<unknown>).catch(() => {});
    }
  }
  return NotifyingClient as unknown as typeof pg.Client;
}
