import pg from 'pg';
import type { ReadCache } from '../cache';

/**
 * The channel on which every process tells the others which cached read models a committed write
 * changed (decision 0051). The payload is the models' names, comma-separated, then `|` and a nonce.
 */
export const READ_CACHE_CHANNEL = 'portal_read_cache';

const NOTIFY = `select pg_notify('${READ_CACHE_CHANNEL}', $1)`;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
/** A whole transaction's rollback; `rollback to savepoint` undoes only part of it and goes on. */
const ROLLBACK = /^\s*(rollback|abort)\b(?!\s+(work\s+|transaction\s+)?to\b)/i;

/** pg's own query, called with whatever overload the caller used (a dozen, typed apart). */
const baseQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

type QueryConfig = {
  text?: unknown;
  values?: unknown;
  name?: unknown;
  submit?: unknown;
  queryMode?: unknown;
};
type Callback = (err: unknown, res?: unknown) => void;

function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return '';
}

/** A cursor or stream (pg's `Submittable`): it runs on its own terms, so it is passed through as is. */
function isSubmittable(first: unknown): boolean {
  return !!first && typeof first === 'object' && typeof (first as QueryConfig).submit === 'function';
}

/**
 * Whether a statement goes by the simple query protocol, where one round trip may carry several
 * statements: no parameters, no prepared-statement name, not forced to the extended protocol.
 */
function isSimple(args: unknown[]): boolean {
  const [first, second] = args;
  const config: QueryConfig = typeof first === 'object' && first !== null ? (first as QueryConfig) : {};
  const values = config.values ?? second;
  if (Array.isArray(values) && values.length > 0) return false;
  if (values !== undefined && !Array.isArray(values)) return false;
  return !config.name && config.queryMode !== 'extended';
}

/**
 * A pg.Client class for the server's pool that shows every statement to the read cache (which
 * drops this process's entries before the write, as on PGlite: decision 0042) and tells every
 * process, through NOTIFY on the same connection, which models a write changed:
 * - inside a transaction, once, at its COMMIT: `select pg_notify(…); commit` in one round trip
 *   (the simple protocol runs both in order), so PostgreSQL delivers it only if the commit
 *   succeeds, never for a rolled-back write, and not before the change is visible to readers;
 * - for a write outside a transaction, right after it has answered (it has committed), on the
 *   same connection.
 * It never gives pg a statement while another runs on the connection (pg 9 refuses that, pg 8
 * warns): the notification goes with the COMMIT, or after the statement before it has answered.
 * Every process listens (`cacheListener.ts`) and drops those models at that moment; its generation
 * counter keeps a load that read the old rows from storing them.
 *
 * Read your writes across processes: the writer is answered only once this process's own listener
 * has heard the notification (or it does not listen, or a second passed). PostgreSQL signals every
 * listening process at the same moment, so by the time the request that wrote answers, the other
 * processes have the notification too, and a client that goes on to ask another process gets the
 * new truth.
 */
export function notifyingClient(cache: ReadCache): typeof pg.Client {
  class NotifyingClient extends pg.Client {
    /** In a transaction (seen its BEGIN): the models its writes changed, told at COMMIT. */
    private pending: Set<string> | null = null;

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them through.
    override query(...args: unknown[]): any {
      if (isSubmittable(args[0])) return baseQuery.apply(this, args);
      const text = textOf(args[0]);
      if (BEGIN.test(text)) {
        this.pending = new Set();
      } else if (COMMIT.test(text)) {
        const pending = this.pending;
        this.pending = null;
        if (pending && pending.size > 0)
          return this.answer(args, (plain) => this.commitTelling(plain, pending));
      } else if (ROLLBACK.test(text)) {
        this.pending = null;
      } else {
        const changed = cache.noteStatement(text);
        if (changed.length > 0) {
          if (this.pending) {
            for (const name of changed) this.pending.add(name);
          } else {
            // Outside a transaction the write commits by itself: tell once it has answered.
            return this.answer(args, (plain) => this.runThenTell(plain, new Set(changed)));
          }
        }
      }
      return baseQuery.apply(this, args);
    }

    /**
     * Runs `work` on the arguments without their callback, and answers the caller the way it
     * asked (its callback, or the promise pg would have returned).
     */
    private answer(args: unknown[], work: (plain: unknown[]) => Promise<unknown>): unknown {
      const last = args[args.length - 1];
      if (typeof last !== 'function') return work(args);
      const callback = last as Callback;
      work(args.slice(0, -1)).then(
        (res) => callback(null, res),
        (err) => callback(err),
      );
      return undefined;
    }

    /**
     * The COMMIT, with the notification sent in the same round trip just before it, answered once
     * this process's own listener has heard it (read your writes across processes).
     */
    private async commitTelling(args: unknown[], models: Set<string>): Promise<unknown> {
      const echo = cache.echo();
      const payload = payloadOf(models, echo.nonce);
      let result: unknown;
      if (isSimple(args)) {
        const [first, ...rest] = args;
        const notify = `select pg_notify('${READ_CACHE_CHANNEL}', ${pg.escapeLiteral(payload)})`;
        const text = `${notify}; ${textOf(first)}`;
        const config = typeof first === 'string' ? { text } : { ...(first as object), text };
        const results = await (baseQuery.call(this, config, ...rest) as Promise<unknown>);
        // Two statements answer with two results; the caller asked for its COMMIT's.
        result = Array.isArray(results) ? results[results.length - 1] : results;
      } else {
        // A COMMIT with parameters or a name (nothing here sends one): two round trips, in turn.
        await (baseQuery.call(this, NOTIFY, [payload]) as Promise<unknown>).catch(() => {});
        result = await (baseQuery.apply(this, args) as Promise<unknown>);
      }
      await echo.heard;
      return result;
    }

    /** A write outside a transaction, then its notification once it has answered. */
    private async runThenTell(args: unknown[], models: Set<string>): Promise<unknown> {
      const result = await (baseQuery.apply(this, args) as Promise<unknown>);
      const echo = cache.echo();
      // A failure here is the connection's (lost after the write): nothing more can be told on it.
      await (baseQuery.call(this, NOTIFY, [payloadOf(models, echo.nonce)]) as Promise<unknown>).then(
        () => echo.heard,
        () => {},
      );
      return result;
    }
  }
  return NotifyingClient as unknown as typeof pg.Client;
}

/** `models|nonce`, as the listener reads it. */
function payloadOf(models: Set<string>, nonce: string): string {
  return `${[...models].sort().join(',')}|${nonce}`;
}
