import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import { bookkeeping, reportWritesOutsideTransactions, withBeforeCommit } from './beforeCommit';
import type { Database } from './client';

describe('before-commit hooks (the audit entry in the write’s own transaction, decision 0040)', () => {
  let database: Database;
  const rows = async (table: string) => {
    const { rows } = (await database.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    )) as unknown as { rows: { n: number }[] };
    return rows[0].n;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table hook_write (id int)`);
    await database.db.execute(sql`create table hook_entry (result text)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs inside the transaction, after its work, with its result, and commits with it', async () => {
    const seen: unknown[] = [];
    const result = await withBeforeCommit(
      async (tx, done) => {
        seen.push(done);
        await tx.execute(sql`insert into hook_entry values (${String(done)})`);
        return undefined;
      },
      () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into hook_write values (1)`);
          return 'made';
        }),
    );
    expect(result).toBe('made');
    expect(seen).toEqual(['made']);
    expect(await rows('hook_write')).toBe(1);
    expect(await rows('hook_entry')).toBe(1);
  });

  it('a failing hook rolls the write back and is told; failed work never calls it', async () => {
    let undone = 0;
    await expect(
      withBeforeCommit(
        async () => {
          throw new Error('entry refused');
        },
        () => database.db.transaction(async (tx) => tx.execute(sql`insert into hook_write values (2)`)),
      ),
    ).rejects.toThrow('entry refused');
    expect(await rows('hook_write')).toBe(1);
    let called = 0;
    await expect(
      withBeforeCommit(
        async () => {
          called++;
          return () => {
            undone++;
          };
        },
        () =>
          database.db.transaction(async (tx) => {
            await tx.execute(sql`insert into hook_write values (3)`);
            throw new Error('work failed');
          }),
      ),
    ).rejects.toThrow('work failed');
    expect(called).toBe(0);
    // A commit that fails after the hook ran (here: a deferred check) calls what it returned.
    await database.db.execute(sql`create table hook_deferred (id int unique deferrable initially deferred)`);
    await expect(
      withBeforeCommit(
        async () => () => {
          undone++;
        },
        () =>
          database.db.transaction(async (tx) => {
            await tx.execute(sql`insert into hook_deferred values (1), (1)`);
          }),
      ),
    ).rejects.toThrow();
    expect(undone).toBe(1);
  });

  it('outside a hook, transactions run as before', async () => {
    await database.db.transaction(async (tx) => tx.execute(sql`insert into hook_write values (4)`));
    expect(await rows('hook_write')).toBe(2);
  });

  it('watches no write unless the test harness asks (production pays nothing)', async () => {
    const outside: string[] = [];
    await withBeforeCommit(
      async () => undefined,
      () => database.db.execute(sql`insert into hook_write values (8)`),
      (statement) => outside.push(statement),
    );
    expect(outside).toEqual([]);
    await database.db.execute(sql`delete from hook_write where id = 8`);
  });

  it('reports writes made outside a transaction under a hook, not reads, not bookkeeping, not in one', async () => {
    reportWritesOutsideTransactions(database.db);
    const outside: string[] = [];
    const none = async () => undefined;
    await withBeforeCommit(
      none,
      async () => {
        await database.db.execute(sql`select 1`);
        await database.db.execute(sql`insert into hook_write values (9)`);
        await bookkeeping(() => database.db.execute(sql`insert into hook_write values (10)`));
        await database.db.transaction((tx) => tx.execute(sql`insert into hook_write values (11)`));
      },
      (statement) => outside.push(statement),
    );
    expect(outside).toEqual(['execute']);
    // Without a hook (jobs, the CLI, start-up) nothing is watched.
    await database.db.execute(sql`delete from hook_write where id in (9, 10, 11)`);
    expect(outside).toEqual(['execute']);
  });
});
