import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';

/**
 * Downloads (spec: name, description, data, fileSize, fileType, showDownload, showToChildTeams,
 * showToTeamTypeIds, hideFromTeamTypeIds). The file itself is a row of `files` claimed with owner
 * kind 'download'; its name, size and type are copied here when it is claimed, so the lists need
 * no join. Team type lists are arrays, as tasks keep theirs: read whole, never queried alone.
 */
export const downloads = pgTable(
  'downloads',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    fileId: uuid('file_id').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileType: text('file_type').notNull(),
    showDownload: boolean('show_download').notNull().default(true),
    showToChildTeams: boolean('show_to_child_teams').notNull().default(false),
    showToTeamTypeIds: uuid('show_to_team_type_ids').array().notNull().default(sql`'{}'::uuid[]`),
    hideFromTeamTypeIds: uuid('hide_from_team_type_ids').array().notNull().default(sql`'{}'::uuid[]`),
    ...auditColumns,
  },
  (t) => [
    index('downloads_event_name_idx').on(t.eventId, t.name),
    index('downloads_event_file_idx').on(t.eventId, t.fileId),
  ],
);
