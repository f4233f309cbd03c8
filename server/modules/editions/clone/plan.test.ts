import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../schema';
import { CLONE_PLAN, NOT_CLONED } from './plan';

const tables = (Object.values(schema) as unknown[]).filter(
  (t): t is PgTable => typeof t === 'object' && t !== null && Symbol.for('drizzle:IsDrizzleTable') in t,
);
const withEventId = tables.filter((t) => 'eventId' in getTableColumns(t)).map(getTableName);

describe('the clone plan', () => {
  it('places every table with an event_id: copied, or left behind with a reason', () => {
    const copied = CLONE_PLAN.map((s) => getTableName(s.table));
    const left = NOT_CLONED.map((s) => getTableName(s.table));
    expect([...copied, ...left].sort()).toEqual([...withEventId].sort());
    expect(new Set([...copied, ...left]).size).toBe(copied.length + left.length);
    expect(withEventId.length).toBeGreaterThan(40);
  });

  it('declares every id-holding column of a copied table, and only real columns', () => {
    for (const step of CLONE_PLAN) {
      const columns = getTableColumns(step.table);
      const name = getTableName(step.table);
      for (const key of [...(step.refs ?? []), ...(step.idsIn ?? []), ...(step.dates ?? [])])
        expect(columns, `${name}.${key}`).toHaveProperty(key);
      // A uuid or uuid[] column other than the row's own id and its event's is a reference.
      const uuidColumns = Object.entries(columns)
        .filter(([key, c]) => key !== 'id' && key !== 'eventId' && /uuid/i.test(c.getSQLType()))
        .map(([key]) => key);
      expect([...(step.refs ?? [])].sort(), name).toEqual(uuidColumns.sort());
      // jsonb may hold ids anywhere (logic maps, rich text): each is declared one way or the other.
      for (const [key, c] of Object.entries(columns))
        if (c.getSQLType() === 'jsonb' && !(step.idsIn ?? []).includes(key))
          throw new Error(`${name}.${key} is jsonb but not in idsIn`);
    }
  });
});
