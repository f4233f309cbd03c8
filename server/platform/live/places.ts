import type pg from 'pg';
import type { Logger } from 'pino';

/**
 * Stream places: the cap of streams one account may hold (decision 0027, "Limits"), counted across
 * every server process. An account has `max` numbered places; a stream takes the first free one and
 * gives it back when it closes.
 *
 * On PostgreSQL a place is a session advisory lock, `pg_try_advisory_lock(hashtext('live:' ||
 * account), place)`, taken on the process's one listening connection (bus.ts): no table, no
 * heartbeat, and a process that dies or loses its connection gives its places back with it. Locks
 * are re-entrant within one connection, so the places this process holds are kept here and never
 * tried again. On PGlite, which one process owns, the places are counted in memory.
 */
export interface StreamPlaces {
  /** The place taken, or null when the account already holds all `max` places. */
  claim(accountId: string, max: number): Promise<number | null>;
  release(accountId: string, place: number): void;
}

const lockKey = (accountId: string) => `live:${accountId}`;

/** The places of one process, in memory: the whole count on PGlite, this process's share on PostgreSQL. */
class HeldPlaces {
  private readonly byAccount = new Map<string, Set<number>>();

  of(accountId: string): number[] {
    return [...(this.byAccount.get(accountId) ?? [])];
  }

  firstFree(accountId: string, max: number): number | null {
    const mine = this.byAccount.get(accountId);
    for (let place = 0; place < max; place++) if (!mine?.has(place)) return place;
    return null;
  }

  add(accountId: string, place: number): void {
    const mine = this.byAccount.get(accountId) ?? new Set<number>();
    mine.add(place);
    this.byAccount.set(accountId, mine);
  }

  /** False when the place was not held (already lost or given back). */
  delete(accountId: string, place: number): boolean {
    const mine = this.byAccount.get(accountId);
    if (!mine?.delete(place)) return false;
    if (mine.size === 0) this.byAccount.delete(accountId);
    return true;
  }

  entries(): [string, number][] {
    return [...this.byAccount].flatMap(([accountId, places]) =>
      [...places].map((p): [string, number] => [accountId, p]),
    );
  }
}

export function createMemoryPlaces(): StreamPlaces {
  const held = new HeldPlaces();
  return {
    async claim(accountId, max) {
      const place = held.firstFree(accountId, max);
      if (place !== null) held.add(accountId, place);
      return place;
    },
    release(accountId, place) {
      held.delete(accountId, place);
    },
  };
}

export interface LockPlaces extends StreamPlaces {
  /**
   * After the listening connection was replaced (the old one's locks went with it): takes this
   * process's places again on `client`; returns those another process took meanwhile, whose
   * streams must close to keep the cap.
   */
  retake(client: pg.Client): Promise<{ accountId: string; place: number }[]>;
}

/** Places as advisory locks on the listening connection that `connection()` returns. */
export function createLockPlaces(connection: () => pg.Client | null, logger: Logger): LockPlaces {
  const held = new HeldPlaces();
  // One claim at a time: a claim reads the places held here, so two must not overlap.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run);
    queue = next.catch(() => {});
    return next;
  };

  const claimOn = async (client: pg.Client, accountId: string, max: number): Promise<number | null> => {
    // CASE keeps the lock function from running on a place held here (it would stack a second
    // hold of it); LIMIT 1 stops at the first place taken.
    const { rows } = await client.query<{ place: number }>(
      `select s as place from generate_series(0, $2::int - 1) s
       where case when s = any($3::int[]) then false else pg_try_advisory_lock(hashtext($1), s) end
       limit 1`,
      [lockKey(accountId), max, held.of(accountId)],
    );
    return rows[0]?.place ?? null;
  };

  return {
    claim(accountId, max) {
      return serial(async () => {
        const client = connection();
        let place: number | null;
        if (client) {
          try {
            place = await claimOn(client, accountId, max);
          } catch (err) {
            logger.warn({ err }, 'live stream places: could not take a lock; counting in this process');
            place = held.firstFree(accountId, max);
          }
        } else {
          // Not listening now (the database is out of reach): this process's own count holds, and
          // the places are locked when the connection is back (retake).
          place = held.firstFree(accountId, max);
        }
        if (place !== null) held.add(accountId, place);
        return place;
      });
    },
    release(accountId, place) {
      if (!held.delete(accountId, place)) return;
      // In the same queue as the claims: one query at a time on the connection (pg 9 will require
      // it), and a claim after this release finds the place free.
      void serial(async () => {
        await connection()?.query('select pg_advisory_unlock(hashtext($1), $2)', [lockKey(accountId), place]);
      }).catch((err: unknown) => logger.warn({ err }, 'live stream places: unlock failed'));
    },
    retake(client) {
      return serial(async () => {
        const lost: { accountId: string; place: number }[] = [];
        for (const [accountId, place] of held.entries()) {
          const { rows } = await client.query<{ ok: boolean }>(
            'select pg_try_advisory_lock(hashtext($1), $2) as ok',
            [lockKey(accountId), place],
          );
          if (rows[0]?.ok) continue;
          held.delete(accountId, place);
          lost.push({ accountId, place });
        }
        return lost;
      });
    },
  };
}
