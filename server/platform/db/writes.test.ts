import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { boolean, PgDialect, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { writesOf } from './writes';

// Statements as Drizzle writes them (toSQL needs no database), so the parser is tested on the
// text the logger really sees.
const people = pgTable('people', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  away: boolean('away').notNull(),
  seenAt: timestamp('seen_at'),
});
const visits = pgTable('visits', { id: uuid('id').primaryKey(), personId: uuid('person_id') });
const db = drizzle.mock();
const id = '00000000-0000-4000-8000-000000000000';

describe('writesOf: which tables, and which columns of an update, a statement writes', () => {
  it('reads nothing into a select, even one naming update in a column or a locking clause', () => {
    const select = db.select().from(people).where(eq(people.name, 'update')).for('update').toSQL().sql;
    expect(writesOf(select)).toEqual([]);
  });

  it('tells inserts, deletes and the set columns of an update', () => {
    expect(writesOf(db.insert(people).values({ id, name: 'Jo', away: false }).toSQL().sql)).toEqual([
      { kind: 'insert', table: 'people', columns: null },
    ]);
    expect(writesOf(db.delete(people).where(eq(people.id, id)).toSQL().sql)).toEqual([
      { kind: 'delete', table: 'people', columns: null },
    ]);
    const touch = db
      .update(people)
      .set({ seenAt: new Date() })
      .where(eq(people.id, id))
      .returning()
      .toSQL().sql;
    expect(writesOf(touch)).toEqual([{ kind: 'update', table: 'people', columns: ['seen_at'] }]);
    const rename = db
      .update(people)
      .set({ name: sql`(select 'x' where ${people.away} = true)`, away: true })
      .where(eq(people.id, id))
      .toSQL().sql;
    expect(writesOf(rename)).toEqual([{ kind: 'update', table: 'people', columns: ['name', 'away'] }]);
  });

  it('finds every write of a statement made of CTEs', () => {
    const insert = db.insert(people).values({ id, name: 'Jo', away: false });
    const visit = db.insert(visits).values({ id, personId: id });
    const touch = db.update(people).set({ seenAt: new Date() }).where(eq(people.id, id));
    const rendered = new PgDialect().sqlToQuery(
      sql`with a as (${insert.getSQL()}), b as (${touch.getSQL()}) ${visit.getSQL()}`,
    ).sql;
    expect(writesOf(rendered)).toEqual([
      { kind: 'insert', table: 'people', columns: null },
      { kind: 'update', table: 'people', columns: ['seen_at'] },
      { kind: 'insert', table: 'visits', columns: null },
    ]);
  });

  it('treats an update it cannot read (a tuple set) as writing every column', () => {
    expect(writesOf('update "people" set (name, away) = (select 1, true) where id = $1')).toEqual([
      { kind: 'update', table: 'people', columns: null },
    ]);
  });
});
