import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import { z } from 'zod';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_RETENTION_DEFAULT_DAYS,
  type AuditPage,
  type AuditSettings,
  type auditQuerySchema,
} from '../../../shared/audit/api';
import type { AppContext } from '../../platform/context';
import { withTransaction } from '../../platform/db/transaction';
import type { EventScope } from '../../platform/http/actor';
import type { Actor } from '../../platform/http/guards';
import { defineJob } from '../../platform/jobs';
import { events } from '../events/tables';
import { apiTokens } from '../tokens/tables';
import { presentAuditEntry } from './present';
import { filterLists, forgetFilterLists } from './queries';
import { recordAudit, systemEntry } from './recorder';
import { auditEntries, auditSettings } from './tables';

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
