import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import type { Database } from './client';
import { logEffectFailures, withTransaction } from './transaction';

describe('withTransaction', () => {
  let database: Database;
  const logged: unknown[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const count = async () => {
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from tx_probe`)) as unknown as {
      rows: { n: number }[];
    };
    return rows[0].n;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    logEffectFailures(database.db, logger);
    await database.db.execute(sql`create table tx_probe (id int)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs the effects after the commit, in order, with the write visible', async () => {
    const seen: string[] = [];
    const result = await withTransaction(database.db, async (tx, effects) => {
      await tx.execute(sql`insert into tx_probe values (1)`);
      effects.afterCommit(async () => {
        seen.push(`first saw ${await count()}`);
      });
      effects.afterCommit(() => {
        seen.push('second');
      });
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['first saw 1', 'second']);
  });

  it('runs no effect and keeps no write when the work throws', async () => {
    const before = await count();
    let ran = false;
    await expect(
      withTransaction(database.db, async (tx, effects) => {
        await tx.execute(sql`insert into tx_probe values (2)`);
        effects.afterCommit(() => {
          ran = true;
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toBe(false);
    expect(await count()).toBe(before);
  });

  it('joins the outer transaction when nested and defers effects to the outermost commit', async () => {
    const before = await count();
    const order: string[] = [];
    await withTransaction(database.db, async (outer, effects) => {
      await withTransaction(database.db, async (inner, innerEffects) => {
        expect(inner).toBe(outer);
        await inner.execute(sql`insert into tx_probe values (3)`);
        innerEffects.afterCommit(() => {
          order.push('inner effect');
        });
      });
      order.push('inner returned');
      effects.afterCommit(() => {
        order.push('outer effect');
      });
    });
    expect(order).toEqual(['inner returned', 'inner effect', 'outer effect']);
    expect(await count()).toBe(before + 1);

    // An inner failure rolls the whole transaction back, inner effects included.
    let ran = false;
    await expect(
      withTransaction(database.db, async (tx) => {
        await tx.execute(sql`insert into tx_probe values (4)`);
        await withTransaction(database.db, async (_inner, innerEffects) => {
          innerEffects.afterCommit(() => {
            ran = true;
          });
          throw new Error('inner failed');
        });
      }),
    ).rejects.toThrow('inner failed');
    expect(ran).toBe(false);
    expect(await count()).toBe(before + 1);
  });

  it('logs a failing effect instead of throwing, and still runs the next', async () => {
    let next = false;
    const result = await withTransaction(database.db, async (_tx, effects) => {
      effects.afterCommit(() => {
        throw new Error('queue down');
      });
      effects.afterCommit(() => {
        next = true;
      });
      return 7;
    });
    expect(result).toBe(7);
    expect(next).toBe(true);
    expect(logged).toContainEqual(expect.objectContaining({ msg: 'after-commit effect failed' }));
  });

  it('opens one on the database, joins one given or open, and rolls back with it', async () => {
    const before = await count();
    const opened = await withTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into tx_probe values (7)`);
      return tx;
    });
    expect(opened).not.toBe(database.db);
    expect(await count()).toBe(before + 1);
    await expect(
      withTransaction(database.db, async (outer) => {
        // Given the database inside an open transaction, and given the transaction: both join it.
        await withTransaction(database.db, async (tx) => {
          expect(tx).toBe(outer);
          await tx.execute(sql`insert into tx_probe values (8)`);
        });
        await withTransaction(outer, async (tx) => expect(tx).toBe(outer));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await count()).toBe(before + 1);
  });

  it('defers the effects of a joined transaction or savepoint to the outermost commit', async () => {
    const order: string[] = [];
    await withTransaction(database.db, async (outer) => {
      // A savepoint is its own transaction object; work given it joins the open one's effects.
      await outer.transaction(async (savepoint) =>
        withTransaction(savepoint, async (_tx, effects) => {
          effects.afterCommit(() => {
            order.push('effect');
          });
        }),
      );
      order.push('work done');
    });
    expect(order).toEqual(['work done', 'effect']);
  });

  it('refuses an after-commit effect on a transaction it did not open (no commit to wait for)', async () => {
    await expect(
      database.db.transaction((tx) =>
        withTransaction(tx, async (_tx, effects) => effects.afterCommit(() => {})),
      ),
    ).rejects.toThrow('afterCommit needs a transaction opened by withTransaction');
  });
});
