import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { EventScope } from '../../platform/http/actor';
import { auditEntries } from './tables';

/**
 * What /admin/audit's filters offer: the record types and the people found in an event's trail.
 * Reading them is two `select distinct` over all of the event's entries, so they are kept per
 * event and process instead of read per page (decision 0040): loaded once, grown by every entry
 * this process writes, and read again after KEPT_MS so entries another process wrote (PostgreSQL,
 * several processes) and the retention sweep's removals show within a minute.
 */
export type FilterLists = { entityTypes: string[]; people: { id: string; name: string }[] };

const KEPT_MS = 60_000;
const MAX_EVENTS = 1_000;

type Kept = { at: number; types: Set<string>; people: Map<string, string> };
const kept = new Map<string, Kept>();

async function load(db: DbOrTx, eventId: string): Promise<Kept> {
  const [types, people] = await Promise.all([
    db
      .selectDistinct({ entityType: auditEntries.entityType })
      .from(auditEntries)
      .where(eq(auditEntries.eventId, eventId)),
    db
      .selectDistinct({ id: auditEntries.accountId, name: auditEntries.actorName })
      .from(auditEntries)
      .where(and(eq(auditEntries.eventId, eventId), isNotNull(auditEntries.accountId))),
  ]);
  return {
    at: Date.now(),
    types: new Set(types.map((t) => t.entityType)),
    // One name per account: a renamed account has entries under both names; either serves a filter.
    people: new Map(people.flatMap((p) => (p.id ? [[p.id, p.name] as const] : []))),
  };
}

export async function filterLists(db: DbOrTx, scope: EventScope, now = Date.now()): Promise<FilterLists> {
  const { eventId } = scope;
  let lists = kept.get(eventId);
  if (!lists || now - lists.at > KEPT_MS) {
    lists = await load(db, eventId);
    if (kept.size >= MAX_EVENTS) kept.delete(kept.keys().next().value as string);
    kept.set(eventId, lists);
  }
  return {
    entityTypes: [...lists.types].sort(),
    people: [...lists.people]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/**
 * Called for every entry this process writes, so its own lists stay whole. An entry whose
 * transaction then rolls back leaves its type offered until the next read: a filter with no rows.
 */
export function keepInFilterLists(entry: {
  eventId: string | null;
  entityType: string;
  accountId?: string | null;
  actorName?: string;
}): void {
  const lists = entry.eventId ? kept.get(entry.eventId) : undefined;
  if (!lists) return;
  lists.types.add(entry.entityType);
  if (entry.accountId && !lists.people.has(entry.accountId))
    lists.people.set(entry.accountId, entry.actorName ?? '');
}

/** Forgets an event's lists (the retention sweep removed entries; tests). */
export function forgetFilterLists(eventId: string): void {
  kept.delete(eventId);
}
