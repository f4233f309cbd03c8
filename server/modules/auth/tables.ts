import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';

/** A person's identity, global across events (email unique, lower-case). */
export const accounts = pgTable(
  'accounts',
  {
    id: idColumn(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    ...auditColumns,
  },
  (t) => [uniqueIndex('accounts_email_key').on(t.email)],
);

/** Server-side sessions; the cookie holds the token, the table only its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/** Single-use links sent by email (set password, reset password, verify and change email). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['setPassword', 'resetPassword', 'verifyAndChangeEmail'] }).notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_account_idx').on(t.accountId, t.mode),
  ],
);

/** Fixed-window counters for rate limits that must hold across server processes. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull().default(0),
});
