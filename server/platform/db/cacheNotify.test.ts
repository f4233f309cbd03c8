import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { createTestDatabaseUrl } from '../../test/harness';
import { ReadCache } from '../cache';
import { type CacheListener, startCacheListener } from '../cacheListener';
import { notifyingClient, READ_CACHE_CHANNEL } from './cacheNotify';

/**
 * The notifying client of the server's pool (decision 0051) on a scratch PostgreSQL database, with
 * a read cache of its own that has one model on a table of its own. It tells a write's models at
 * COMMIT (or after a lone write), only for what committed, before the writer is answered, and it
 * never hands pg a statement while another one runs on the connection: pg 8 warns "Calling
 * client.query() when the client is already executing a query" and pg 9 refuses it.
 * pg emits that deprecation once per process; Vitest runs each file in a process of its own, and
 * the first check below is the file's first use of pg's pool.
 */
const onPostgres = Boolean(inject('databaseUrl'));
const ALREADY_EXECUTING = /already executing a query/;

const probe = pgTable('notify_probe', { id: integer('id').primaryKey(), v: integer('v').notNull() });
const marker = pgTable('notify_marker', { id: integer('id').primaryKey() });

describe.skipIf(!onPostgres)('the notifying client on PostgreSQL', () => {
  const warnings: string[] = [];
  const onWarning = (w: Error) => {
    if (ALREADY_EXECUTING.test(w.message)) warnings.push(w.stack ?? w.message);
  };
  const cache = new ReadCache();
  cache.model('probe', [{ table: probe, on: ['insert', 'update', 'delete'] }]);
  cache.model('marker', [{ table: marker, on: ['delete'] }]);
  let drop: () => Promise<void>;
  let url: string;
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;
  let listener: CacheListener;
  /** Every payload told on the channel, in order, as a plain LISTEN of the test's own hears it. */
  const told: string[] = [];
  let spy: pg.Client;

  beforeAll(async () => {
    process.on('warning', onWarning);
    ({ url, drop } = await createTestDatabaseUrl());
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query('create table notify_probe (id integer primary key, v integer not null)');
    await setup.query('insert into notify_probe select g, 0 from generate_series(1, 20) g');
    await setup.query('create table notify_marker (id integer primary key)');
    await setup.end();
    spy = new pg.Client({ connectionString: url });
    await spy.connect();
    spy.on('notification', (msg) => told.push(msg.payload ?? ''));
    await spy.query(`listen ${READ_CACHE_CHANNEL}`);
    listener = startCacheListener(url, cache, pino({ level: 'silent' }));
    await listener.ready;
    pool = new pg.Pool({ connectionString: url, max: 4, Client: notifyingClient(cache) });
    db = drizzle({ client: pool });
  });

  afterAll(async () => {
    process.off('warning', onWarning);
    await pool?.end();
    await listener?.close();
    await spy?.end();
    await drop?.();
  });

  /**
   * The models told while `run` ran, in commit order: a lone write of the test's own to another
   * model is told after them, and marks the end.
   */
  async function toldDuring(run: () => Promise<unknown>): Promise<string[]> {
    const before = told.length;
    await run();
    await db.delete(marker).where(eq(marker.id, 0));
    const end = () => told.findIndex((p, i) => i >= before && p.startsWith('marker|'));
    await vi.waitFor(() => expect(end()).toBeGreaterThanOrEqual(0), { timeout: 5_000 });
    return told.slice(before, end()).map((p) => p.split('|')[0]);
  }

  // PostgreSQL delivers notifications in commit order: a marker told now comes after everything an
  // earlier check told (whose writers did not wait for the spy), so each check starts clean.
  beforeEach(async () => {
    await toldDuring(async () => {});
  });

  it('never hands pg a statement while another runs: fresh connections, lone writes, transactions, at once', async () => {
    // A lone write on a connection still being opened was the case pg warned about (its NOTIFY was
    // queued behind the write before the connection was ready); transactions and reads beside it.
    const work: Promise<unknown>[] = [];
    for (let i = 1; i <= 12; i++) {
      work.push(db.update(probe).set({ v: i }).where(eq(probe.id, i)));
      work.push(
        db.transaction(async (tx) => {
          await tx
            .update(probe)
            .set({ v: i })
            .where(eq(probe.id, i + 1));
          await tx.execute(sql`select 1`);
        }),
      );
      work.push(db.execute(sql`select v from notify_probe where id = ${i}`));
    }
    await Promise.all(work);
    expect(warnings).toEqual([]);
    expect(pool.totalCount).toBeGreaterThan(1);
  });

  it('a transaction tells once, at COMMIT, and its writer is answered after its own listener heard it', async () => {
    const models = await toldDuring(async () => {
      const heardBefore = listener.heardCount;
      const result = await db.transaction(async (tx) => {
        await tx.update(probe).set({ v: 1 }).where(eq(probe.id, 1));
        await tx.update(probe).set({ v: 2 }).where(eq(probe.id, 2));
        await new Promise((resolve) => setTimeout(resolve, 50));
        // Nothing told before the COMMIT.
        expect(listener.heardCount).toBe(heardBefore);
        return 'done';
      });
      expect(result).toBe('done');
      expect(listener.heardCount).toBe(heardBefore + 1);
    });
    expect(models).toEqual(['probe']);
  });

  it('a rolled-back transaction tells nothing; a committed one tells its models once', async () => {
    const rolledBack = await toldDuring(() =>
      db
        .transaction(async (tx) => {
          await tx.update(probe).set({ v: 9 }).where(eq(probe.id, 3));
          throw new Error('undo');
        })
        .catch(() => {}),
    );
    expect(rolledBack).toEqual([]);
    const committed = await toldDuring(() =>
      db.transaction(async (tx) => {
        await tx.update(probe).set({ v: 9 }).where(eq(probe.id, 3));
        await tx.insert(probe).values({ id: 100, v: 1 });
      }),
    );
    expect(committed).toEqual(['probe']);
    expect(warnings).toEqual([]);
  });

  it('the COMMIT answers as a COMMIT, to a promise and to a callback', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      // Quoted, as Drizzle writes it: the read cache sees the write, so the COMMIT carries a NOTIFY.
      await client.query('update "notify_probe" set "v" = 5 where "id" = 5');
      const committed = await client.query('commit');
      expect(committed.command).toBe('COMMIT');
      await client.query('begin');
      await client.query('update "notify_probe" set "v" = 6 where "id" = 6');
      const byCallback = await new Promise<pg.QueryResult>((resolve, reject) =>
        client.query('commit', (err: Error | null, res: pg.QueryResult) =>
          err ? reject(err) : resolve(res),
        ),
      );
      expect(byCallback.command).toBe('COMMIT');
      expect((await client.query('select v from notify_probe where id = 6')).rows).toEqual([{ v: 6 }]);
    } finally {
      client.release();
    }
  });

  it('a lone write is told after it has committed, and a failed one tells nothing', async () => {
    const lone = await toldDuring(async () => {
      const heard = listener.heardCount;
      const res = await pool.query('update "notify_probe" set "v" = 7 where "id" = $1', [7]);
      expect(res.rowCount).toBe(1);
      expect(listener.heardCount).toBe(heard + 1);
    });
    expect(lone).toEqual(['probe']);
    const failed = await toldDuring(() =>
      pool.query('update "notify_probe" set "v" = null where "id" = 7').catch((err: Error) => {
        expect(err.message).toMatch(/null value/);
      }),
    );
    expect(failed).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
