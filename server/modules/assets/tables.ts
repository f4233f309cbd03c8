import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ASSET_TYPES } from '../../../shared/assets/schema';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';
import { files } from '../files/tables';

/**
 * An asset: a named image or document in the event's library, used by pages and layouts. Its
 * bytes are one 'asset' file (with the four image sizes for images), claimed with the asset's id.
 */
export const assets = pgTable(
  'assets',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    altText: text('alt_text').notNull().default(''),
    type: text('type', { enum: ASSET_TYPES }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    ...auditColumns,
  },
  // Newest first is the list's order (spec), so the index serves it directly.
  (t) => [index('assets_event_created_idx').on(t.eventId, t.createdAt.desc())],
);
