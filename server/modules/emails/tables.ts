import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    ...auditColumns,
  },
  (t) => [index('outbox_event_created_idx').on(t.eventId, t.createdAt)],
);
