import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PERMISSIONS } from '../../../shared/auth/permissions';
import { auditColumns } from '../../platform/db/columns';
import { accounts } from '../auth/tables';
import { events } from '../events/tables';

/** An account's place in one event: its permission level and sign-in history there. */
export const memberships = pgTable(
  'memberships',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    permissions: text('permissions', { enum: PERMISSIONS }).notNull().default('user'),
    hasLoggedIn: boolean('has_logged_in').notNull().default(false),
    lastLoginInTime: timestamp('last_login_in_time', { withTimezone: true, mode: 'date' }),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    ...auditColumns,
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.accountId] }),
    index('memberships_account_idx').on(t.accountId),
    index('memberships_event_permissions_idx').on(t.eventId, t.permissions),
  ],
);
