import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_RETENTION_DEFAULT_DAYS,
  type AuditActorKind,
  type AuditPage,
  type AuditSettings,
  type auditQuerySchema,
  diffFields,
} from '../../../shared/audit/api';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { literal, runPlainStatement } from '../../platform/db/plainStatement';
import { withTransaction } from '../../platform/db/transaction';
import type { EventScope } from '../../platform/http/actor';
import type { Actor } from '../../platform/http/guards';
import { defineJob } from '../../platform/jobs';
import { ScopedStorage } from '../../platform/scopedStorage';
import { events } from '../events/tables';
import { apiTokens } from '../tokens/tables';
import { presentAuditEntry } from './present';
import { filterLists, forgetFilterLists, keepInFilterLists } from './queries';
import { type AuditChanges, auditEntries, auditSettings } from './tables';

/** One entry as the trail keeps it, before the database fills id and time. */
export type AuditRecord = {
  eventId: string | null;
  actorKind: AuditActorKind;
  accountId?: string | null;
  actorName?: string;
  tokenId?: string | null;
  address?: string | null;
  entityType: string;
  entityId?: string | null;
  action: string;
  route?: string | null;
  changes?: AuditChanges;
};

/**
 * What a service tells the trail about the records it changed (their fields before and after),
 * and how far the request's entries have been written: inside each transaction, just before it
 * commits (decision 0040), or after the answer for a request that wrote without one.
 */
export type AuditNotes = {
  changes: { entityType: string; entityId: string; changes: AuditChanges }[];
  /** How many of `changes` are already in an entry. */
  written: number;
  /** Whether the request has an entry yet (then a later transaction adds only new notes). */
  recorded: boolean;
  /** Set once the answer is sent: work the request started and that runs on is not its own. */
  closed: boolean;
};

/** The notes of the request being answered (set by the trail's hook in wiring.ts). */
export const auditNotes = new ScopedStorage<AuditNotes>();

/**
 * A service that knows a record's fields before and after its change says so here; the entry of
 * the request then holds the field-level difference instead of the request body. Outside a
 * request (CLI, jobs) it does nothing: those record their own entries with recordAudit.
 */
export function noteChange(
  entityType: string,
  entityId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): void {
  auditNotes.getStore()?.changes.push({ entityType, entityId, changes: diffFields(before, after) });
}

/** Writes one entry; the CLI and jobs call it directly, requests through the trail's hook (wiring.ts). */
export async function recordAudit(db: DbOrTx, entry: AuditRecord): Promise<void> {
  await recordAuditMany(db, [entry]);
}

/** Several entries in one insert (a job's batch). */
export async function recordAuditMany(db: DbOrTx, entries: AuditRecord[]): Promise<void> {
  if (entries.length) await insertEntries(db, entries);
}

/** A change the platform made by itself (a job, the retention sweep): shown as System Update. */
export function systemEntry(entry: Omit<AuditRecord, 'actorKind'>): AuditRecord {
  return { ...entry, actorKind: 'system', actorName: 'System Update' };
}

/**
 * Inserts entries, in one plain statement (see runPlainStatement: an entry rides with every write,
 * and a parameterised insert cost twice as much on PGlite). The filter lists this process keeps
 * learn the entries' types and people here.
 */
export async function insertEntries(db: DbOrTx, entries: AuditRecord[]): Promise<void> {
  for (const e of entries) keepInFilterLists(e);
  const rows = entries.map((e) =>
    [
      e.eventId,
      e.actorKind,
      e.accountId ?? null,
      e.actorName ?? '',
      e.tokenId ?? null,
      e.address ?? null,
      e.entityType,
      e.entityId ?? null,
      e.action,
      e.route ?? null,
      JSON.stringify(e.changes ?? {}),
    ]
      .map(literal)
      .join(', '),
  );
  await runPlainStatement(
    db,
    `insert into audit_entries (event_id, actor_kind, account_id, actor_name, token_id, address, entity_type, entity_id, action, route, changes) values (${rows.join('), (')})`,
  );
}

/**
 * The fallback for a request that wrote without `withTransaction` (a plain insert or update), so
 * no transaction of its own could carry the entry: written after the answer is ready. On
 * PostgreSQL its commit does not wait for the WAL flush (synchronous_commit off, for this
 * transaction only): the write it follows has already been flushed.
 */
export async function insertAfter(ctx: AppContext, entries: AuditRecord[]): Promise<void> {
  if (ctx.database.kind !== 'postgres') {
    await insertEntries(ctx.db, entries);
    return;
  }
  await withTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await insertEntries(tx, entries);
  });
}

type Query = z.output<typeof auditQuerySchema>;
const DAY_MS = 86_400_000;

/** The event's trail, newest first, a page at a time; dates are whole UTC days, `to` included. */
export async function listAudit(ctx: AppContext, actor: Actor, query: Query): Promise<AuditPage> {
  const where = and(
    eq(auditEntries.eventId, actor.eventId),
    query.entityType ? eq(auditEntries.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEntries.entityId, query.entityId) : undefined,
    query.accountId ? eq(auditEntries.accountId, query.accountId) : undefined,
    query.from ? gte(auditEntries.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to
      ? lt(auditEntries.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS))
      : undefined,
  );
  const [rows, [{ total }], lists] = await Promise.all([
    ctx.db
      .select({ entry: auditEntries, tokenName: apiTokens.name })
      .from(auditEntries)
      .leftJoin(apiTokens, eq(apiTokens.id, auditEntries.tokenId))
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(auditEntries).where(where),
    // Kept per event, not read per page (decision 0040).
    filterLists(ctx.db, actor),
  ]);
  return {
    items: rows.map((r) => presentAuditEntry(r.entry, r.tokenName)),
    total: Number(total),
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    ...lists,
  };
}

export async function readAuditSettings(ctx: AppContext, scope: EventScope): Promise<AuditSettings> {
  const { eventId } = scope;
  const [row] = await ctx.db.select().from(auditSettings).where(eq(auditSettings.eventId, eventId));
  return { retentionDays: row?.retentionDays ?? AUDIT_RETENTION_DEFAULT_DAYS };
}

export async function saveAuditSettings(
  ctx: AppContext,
  actor: Actor,
  body: AuditSettings,
): Promise<AuditSettings> {
  await withTransaction(ctx.db, (tx) =>
    tx
      .insert(auditSettings)
      .values({ eventId: actor.eventId, retentionDays: body.retentionDays })
      .onConflictDoUpdate({ target: auditSettings.eventId, set: { retentionDays: body.retentionDays } }),
  );
  return readAuditSettings(ctx, actor);
}

const auditRetentionJob = defineJob('audit.retention', z.object({}));

/**
 * The retention sweep: each event's entries older than its setting go, and the sweep itself is
 * an entry (by the system) when it removed any, so a gap in the trail is explained.
 */
export async function removeOldAuditEntries(ctx: AppContext, now = new Date()): Promise<{ removed: number }> {
  const rows = await ctx.db
    .select({ id: events.id, days: auditSettings.retentionDays })
    .from(events)
    .leftJoin(auditSettings, eq(auditSettings.eventId, events.id));
  let removed = 0;
  for (const { id, days } of rows) {
    const before = new Date(now.getTime() - (days ?? AUDIT_RETENTION_DEFAULT_DAYS) * DAY_MS);
    const gone = await ctx.db
      .delete(auditEntries)
      .where(and(eq(auditEntries.eventId, id), lt(auditEntries.at, before)))
      .returning({ id: auditEntries.id });
    if (gone.length === 0) continue;
    removed += gone.length;
    forgetFilterLists(id);
    await recordAudit(
      ctx.db,
      systemEntry({
        eventId: id,
        entityType: 'audit',
        action: 'retention',
        route: auditRetentionJob.name,
        changes: { removed: { after: gone.length }, olderThan: { after: before.toISOString() } },
      }),
    );
  }
  return { removed };
}

export function registerAuditJobs(ctx: AppContext): void {
  auditRetentionJob.work(ctx, async () => {
    await removeOldAuditEntries(ctx);
  });
  auditRetentionJob.schedule(ctx, '17 3 * * *', {});
}
