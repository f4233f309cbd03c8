import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

/**
 * Fixed-window counter kept in the database, so that every server process shares it.
 * Returns true while the key is within its limit.
 */
export async function withinLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                  then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                  then now() else rate_limits.window_start end
    returning hits`);
  // Both drivers answer { rows }; the HKT-generic type of execute() cannot say so.
  const { rows } = result as unknown as { rows: { hits: number }[] };
  const hits = Number(rows[0]?.hits ?? 0);
  return hits <= limit;
}
