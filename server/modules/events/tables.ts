import { jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../platform/db/columns';

/** The event root: everything else hangs off an event id. */
export const events = pgTable('events', {
  id: idColumn(),
  name: text('name').notNull(),
  version: text('version').notNull(),
  appUrl: text('app_url').notNull(),
  ...auditColumns,
});

/** Settings documents, one per event and name; `data` is parsed by the shared schema of its name. */
export const settings = pgTable(
  'settings',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.eventId, t.name] })],
);
