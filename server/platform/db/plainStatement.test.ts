import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import type { Database } from './client';
import { literal, runPlainStatement } from './plainStatement';
import { withTransaction } from './transaction';

describe('runPlainStatement', () => {
  let database: Database;
  const values = async () => {
    const { rows } = (await database.db.execute(sql`select v from plain_probe order by n`)) as unknown as {
      rows: { v: string | null }[];
    };
    return rows.map((r) => r.v);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table plain_probe (n serial, v text, j jsonb)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('stores every value exactly as given, whatever quotes, backslashes or SQL it holds', async () => {
    const tricky = [
      "O'Brien",
      'back\\slash \\x41 \\',
      "'); drop table plain_probe; --",
      '$$ dollar $tag$ quoted $$',
      'line\nbreak\ttab',
      'émoji 🎪 and “quotes”',
      null,
    ];
    await runPlainStatement(
      database.db,
      `insert into plain_probe (v) values ${tricky.map((v) => `(${literal(v)})`).join(', ')}`,
    );
    expect(await values()).toEqual(tricky);
  });

  it('runs in the transaction it is given, so it rolls back with it', async () => {
    const before = await values();
    await expect(
      withTransaction(database.db, async (tx) => {
        await runPlainStatement(
          tx,
          `insert into plain_probe (v, j) values (${literal('gone')}, ${literal('{"a":"b\\\\"}')})`,
        );
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await values()).toEqual(before);
  });
});
