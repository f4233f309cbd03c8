import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '../../../shared/tokens/api';
import { idColumn } from '../../platform/db/columns';
import { accounts } from '../auth/tables';
import { events } from '../events/tables';

/**
 * API tokens (decision 0030). Only the sha256 of the secret is kept: the secret is 32 random
 * bytes, so a fast hash cannot be brute-forced (a slow password hash protects low-entropy
 * passwords, which these are not) and the lookup stays one indexed equality per request.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The first characters of the secret, shown to tell tokens apart; not enough to use one. */
    hint: text('hint').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_tokens_event_idx').on(t.eventId, t.createdAt)],
);
