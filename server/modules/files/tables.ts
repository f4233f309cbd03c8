import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { FILE_PURPOSES } from '../../../shared/files/types';
import { idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';

/** Storage keys of an image's resized copies (decision 0010). */
export type VariantKeys = { large: string; medium: string; small: string; thumb: string };

/**
 * Every uploaded file. A file is uploaded first (owner_id null) and claimed by its holder (an
 * asset, a download, a page's PDF section...) when that is saved; who may read it is decided by
 * the holder's module through registerFileAccess. The id alone is the primary key (as teams,
 * decision 0007) so holders can reference it; every query still filters on event_id.
 */
export const files = pgTable(
  'files',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    ownerKind: text('owner_kind', { enum: FILE_PURPOSES }).notNull(),
    ownerId: uuid('owner_id'),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    variants: jsonb('variants').$type<VariantKeys | null>(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('files_event_owner_idx').on(t.eventId, t.ownerKind, t.ownerId),
    index('files_unclaimed_idx').on(t.createdAt).where(sql`owner_id is null`),
  ],
);
