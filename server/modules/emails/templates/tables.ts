import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../../platform/db/columns';
import { events } from '../../events/tables';

/**
 * An event's own wording of one kind of email (spec: /admin/email-templates). Only customised kinds
 * have a row; the others use the defaults in server/modules/emails/templates/defaults.ts, so a
 * default improved in a release reaches every event that did not change it, and a reset deletes
 * the row.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    /** Rich text, sanitised when saved, with {{variable}} merge fields. */
    body: text('body').notNull(),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.eventId, t.kind] })],
);
