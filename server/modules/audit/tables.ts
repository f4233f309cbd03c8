import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditActorKind } from '../../../shared/audit/api';
import { idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';

export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

/**
 * One row per write (decision 0030). The actor columns are plain values, not references: an
 * entry outlives the account or token it names (a deleted account's history must stay). The
 * event is a reference so an event's trail goes with it; entries of no event (sign-up, the
 * platform) have none.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: idColumn(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorKind: text('actor_kind').$type<AuditActorKind>().notNull(),
    accountId: uuid('account_id'),
    /** The name at the time, so the trail reads the same after an account is renamed or removed. */
    actorName: text('actor_name').notNull().default(''),
    tokenId: uuid('token_id'),
    address: text('address'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    /** `METHOD /api/pattern` of the request, or the CLI command / job name. */
    route: text('route'),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (t) => [
    index('audit_entries_event_at_idx').on(t.eventId, t.at),
    index('audit_entries_entity_idx').on(t.eventId, t.entityType, t.entityId),
    index('audit_entries_at_idx').on(t.at),
  ],
);

/** Per event: how long entries are kept before the daily job removes them. */
export const auditSettings = pgTable('audit_settings', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  retentionDays: integer('retention_days').notNull(),
});
