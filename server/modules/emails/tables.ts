import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EMAIL_RESPONSE_TYPES } from '../../../shared/emails/responsesApi';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';

/**
 * Every email the portal sends is written here first and delivered by a job: by SMTP when it is
 * configured, otherwise kept here (status 'stored') with its links printed to the console.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: idColumn(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    /** Where answers go when it is not the sender (a form notification's reply-to). */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['queued', 'sent', 'stored', 'failed'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Open and click tracking (tracking/service.ts): the email's random token, set when it is first sent. */
    trackingToken: text('tracking_token'),
    /** The web links of the email as sent, in the order of their tracking redirects. */
    trackedLinks: jsonb('tracked_links').$type<string[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    index('outbox_event_created_idx').on(t.eventId, t.createdAt),
    uniqueIndex('outbox_tracking_token_idx').on(t.trackingToken),
  ],
);

/**
 * The email delivery log (spec: Email response): what became of each email the outbox sent, one
 * row per outcome. With no SMTP the email is kept and logged 'pending'; SMTP acceptance logs
 * 'delivery' with the server's message id; a permanent refusal (5xx) logs 'bounce' with the
 * answer. The recipient's account (userId) and team are looked up when it is logged, so an
 * organiser can list a user's emails and resend them.
 */
export const emailResponses = pgTable(
  'email_responses',
  {
    id: idColumn(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outboxEmails.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    type: text('type', { enum: EMAIL_RESPONSE_TYPES }).notNull(),
    recipient: text('recipient').notNull(),
    /** The outbox kind the email was made from ('setPassword', 'formNotification', ...). */
    templateId: text('template_id').notNull(),
    teamId: uuid('team_id'),
    userId: uuid('user_id'),
    details: text('details').notNull().default(''),
    /** Who opened or clicked (open and click entries only). */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('email_responses_event_user_idx').on(t.eventId, t.userId, t.createdAt)],
);
