import { sql } from 'drizzle-orm';
import { bookkeeping } from './db/beforeCommit';
import type { Db } from './db/client';
import { rowsOf } from './db/rows';

/**
 * Fixed-window counters kept in the database, so that every server process shares them.
 * `withinLimit` counts the request and answers whether it is still allowed; sign-in uses
 * `isOverLimit` before and `countHit` only after a failure, so that many people signing in from
 * one venue's address are never locked out by their own successful sign-ins.
 */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<number> {
  // A hit counts even when the request it limits is refused or rolls back: never in its transaction.
  const rows = await bookkeeping(() =>
    rowsOf<{ hits: number }>(
      db,
      sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                  then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                  then now() else rate_limits.window_start end
    returning hits`,
    ),
  );
  return Number(rows[0]?.hits ?? 0);
}

export async function withinLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  return (await countHit(db, key, windowSeconds)) <= limit;
}

/**
 * When the key has already used up its limit in the current window (counts nothing): the seconds
 * until that window ends, else null.
 */
export async function secondsOverLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<number | null> {
  const rows = await rowsOf<{ hits: number; left_s: number | string }>(
    db,
    sql`
    select hits,
           extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) as left_s
    from rate_limits
    where key = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`,
  );
  const row = rows[0];
  return row && Number(row.hits) >= limit ? Math.max(1, Math.ceil(Number(row.left_s))) : null;
}

/** Ends a key's window at once (a proven owner's sign-in lock, after a password reset). */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
