import { getTableColumns } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';
import { teamTypeIdsOf } from '../people/teamTypes/links/queries';
import { teamTypeLinks } from '../people/teamTypes/links/tables';

/**
 * Downloads (spec: name, description, data, fileSize, fileType, showDownload, showToChildTeams,
 * showToTeamTypeIds, hideFromTeamTypeIds). The file itself is a row of `files` claimed with owner
 * kind 'download'; its name, size and type are copied here when it is claimed, so the lists need
 * no join. The two team type lists are join tables below (decision 0065).
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
    ...auditColumns,
  },
  (t) => [
    index('downloads_event_name_idx').on(t.eventId, t.name),
    index('downloads_event_file_idx').on(t.eventId, t.fileId),
    unique('downloads_event_id_key').on(t.eventId, t.id),
  ],
);

/** showToTeamTypeIds: when any, only teams of these types see the download. */
export const downloadShowTeamTypes = teamTypeLinks('download_show_team_types', 'download_id', downloads);
/** hideFromTeamTypeIds: teams of these types never see the download. */
export const downloadHideTeamTypes = teamTypeLinks('download_hide_team_types', 'download_id', downloads);

/** A download's columns with its two team type lists. */
export const downloadWithTeamTypes = {
  ...getTableColumns(downloads),
  showToTeamTypeIds: teamTypeIdsOf(downloadShowTeamTypes, downloads.eventId, downloads.id),
  hideFromTeamTypeIds: teamTypeIdsOf(downloadHideTeamTypes, downloads.eventId, downloads.id),
};
