import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../platform/db/columns';
import { events } from '../../events/tables';

/**
 * Which of the installation's identity providers an event offers on its sign-in screen, and
 * whether a provider sign-in may create a plain user for an email the event does not know yet.
 * No row: the provider is off for the event.
 */
export const eventSignInProviders = pgTable(
  'event_sign_in_providers',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The `id` of an entry of OIDC_PROVIDERS (a provider later removed from the config is ignored). */
    providerId: text('provider_id').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    allowAccountCreation: boolean('allow_account_creation').notNull().default(false),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.eventId, t.providerId] })],
);

/**
 * One provider sign-in under way, between the redirect to the provider and its answer. The browser
 * holds a random key in an httpOnly cookie; the row (found by the key's hash) holds the state, the
 * nonce and the PKCE verifier, so none of them can be read or changed by the browser. Single use,
 * ten minutes; deleted on the answer. No provider token is ever written here.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    keyHash: text('key_hash').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    continuePath: text('continue_path'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sign_in_attempts_expires_idx').on(t.expiresAt)],
);
