import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { boolean, PgTransaction, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ReadCache } from './cache';

const people = pgTable('people', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  away: boolean('away').notNull(),
  seenAt: timestamp('seen_at'),
});
const notes = pgTable('notes', { id: uuid('id').primaryKey(), text: text('text') });
const sql = drizzle.mock();
const id = '00000000-0000-4000-8000-000000000000';
const db = {};

function enabledCache(max?: number) {
  const cache = new ReadCache(max);
  cache.enabled = true;
  const model = cache.model<number>('people', [
    { table: people, on: ['insert', 'update', 'delete'], unlessOnly: [people.seenAt] },
  ]);
  return { cache, model };
}

describe('ReadCache: a read model declares its tables, and writes to them drop it', () => {
  it('loads once and serves the stored value until a write to its table', async () => {
    const { cache, model } = enabledCache();
    let calls = 0;
    const loader = async () => ++calls;
    expect(await model.load(db, 'k', loader)).toBe(1);
    expect(await model.load(db, 'k', loader)).toBe(1);
    cache.noteStatement(sql.select().from(people).toSQL().sql);
    cache.noteStatement(sql.insert(notes).values({ id }).toSQL().sql);
    expect(await model.load(db, 'k', loader)).toBe(1);
    cache.noteStatement(sql.update(people).set({ away: true }).where(eq(people.id, id)).toSQL().sql);
    expect(await model.load(db, 'k', loader)).toBe(2);
    cache.noteStatement(sql.delete(people).toSQL().sql);
    expect(await model.load(db, 'k', loader)).toBe(3);
  });

  it('keeps its entries through an update that sets only columns it ignores, not one that sets more', async () => {
    const { cache, model } = enabledCache();
    let calls = 0;
    const loader = async () => ++calls;
    await model.load(db, 'k', loader);
    cache.noteStatement(sql.update(people).set({ seenAt: new Date() }).where(eq(people.id, id)).toSQL().sql);
    expect(await model.load(db, 'k', loader)).toBe(1);
    cache.noteStatement(sql.update(people).set({ seenAt: new Date(), name: 'Jo' }).toSQL().sql);
    expect(await model.load(db, 'k', loader)).toBe(2);
  });

  it('does not store a value read while a write to its table ran, even into an empty model', async () => {
    const { cache, model } = enabledCache();
    let release: (v: number) => void = () => {};
    const pending = model.load(db, 'k', () => new Promise<number>((r) => (release = r)));
    cache.noteStatement(sql.insert(people).values({ id, name: 'Jo', away: false }).toSQL().sql);
    release(1);
    expect(await pending).toBe(1);
    expect(await model.load(db, 'k', async () => 2)).toBe(2);
  });

  it('does not store what was read inside a transaction (it may roll back)', async () => {
    const { model } = enabledCache();
    const tx = Object.create(PgTransaction.prototype) as object;
    expect(await model.load(tx, 'k', async () => 1)).toBe(1);
    expect(await model.load(db, 'k', async () => 2)).toBe(2);
    expect(await model.load(db, 'k', async () => 3)).toBe(2);
  });

  it('never stores when disabled, nor null results', async () => {
    const off = new ReadCache();
    const model = off.model<number>('off', []);
    let calls = 0;
    await model.load(db, 'k', async () => ++calls);
    await model.load(db, 'k', async () => ++calls);
    expect(calls).toBe(2);
    const { model: on } = enabledCache();
    expect(await on.load(db, 'n', async () => null)).toBeNull();
    expect(await on.load(db, 'n', async () => 5)).toBe(5);
  });

  it('evicts the oldest entry past its size, and updates an entry in place', async () => {
    const { model } = enabledCache(2);
    await model.load(db, 'a', async () => 1);
    await model.load(db, 'b', async () => 2);
    await model.load(db, 'c', async () => 3);
    expect(await model.load(db, 'a', async () => 10)).toBe(10);
    model.update('c', 30);
    expect(await model.load(db, 'c', async () => 0)).toBe(30);
  });

  it('names the models a write changes, also while bypassed, and then drops nothing (decision 0051)', async () => {
    const { cache, model } = enabledCache();
    cache.model<number>('notes', [{ table: notes, on: ['insert'] }]);
    let calls = 0;
    const loader = async () => ++calls;
    await model.load(db, 'k', loader);
    expect(cache.noteStatement(sql.select().from(people).toSQL().sql)).toEqual([]);
    expect(cache.noteStatement(sql.update(people).set({ seenAt: new Date() }).toSQL().sql)).toEqual([]);
    expect(
      cache.noteStatement(
        `with n as (insert into "notes" ("id") values ($1)) delete from "people" where "id" = $2`,
      ),
    ).toEqual(['people', 'notes']);
    expect(await model.load(db, 'k', loader)).toBe(2);
    cache.enabled = false;
    expect(cache.noteStatement(sql.delete(people).toSQL().sql)).toEqual(['people']);
  });

  it("drops the models another process names, and everything for a name it doesn't know", async () => {
    const { cache, model } = enabledCache();
    const other = cache.model<number>('notes', [{ table: notes, on: ['insert'] }]);
    let calls = 0;
    const loader = async () => ++calls;
    await model.load(db, 'k', loader);
    await other.load(db, 'k', loader);
    cache.dropModels(['notes']);
    expect(await model.load(db, 'k', loader)).toBe(1);
    expect(await other.load(db, 'k', loader)).toBe(3);
    cache.dropModels(['renamedInANewerRelease']);
    expect(await model.load(db, 'k', loader)).toBe(4);
    expect(await other.load(db, 'k', loader)).toBe(5);
  });

  it('lets a writer go on when its own notification comes back, when the listener is lost, or after the wait', async () => {
    const cache = new ReadCache();
    const settled = (p: Promise<void>) => Promise.race([p.then(() => true), sleep(20).then(() => false)]);
    const notListening = cache.echo();
    expect(await settled(notListening.heard)).toBe(true);
    cache.listening = true;
    const first = cache.echo();
    const second = cache.echo();
    expect(first.nonce).not.toBe(second.nonce);
    expect(await settled(first.heard)).toBe(false);
    cache.heard(first.nonce);
    expect(await settled(first.heard)).toBe(true);
    expect(await settled(second.heard)).toBe(false);
    cache.releaseEchoes();
    expect(await settled(second.heard)).toBe(true);
    // A notification that never comes (its commit failed): the writer goes on after the wait.
    const third = cache.echo(30);
    expect(await settled(third.heard)).toBe(false);
    await sleep(40);
    expect(await settled(third.heard)).toBe(true);
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
