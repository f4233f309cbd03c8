import type { Download, MyDownload } from '../../../shared/downloads/schema';
import { fileUrl } from '../files/service';
import type { downloads } from './tables';

/** A download as read, with its two team type lists (whatever the table keeps them in). */
export type DownloadRecord = Omit<
  typeof downloads.$inferSelect,
  'showToTeamTypeIds' | 'hideFromTeamTypeIds'
> & {
  showToTeamTypeIds: string[];
  hideFromTeamTypeIds: string[];
};

/** A download as the admin screens read it: its file's address instead of the stored id alone. */
export function presentDownload(row: DownloadRecord): Download {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fileId: row.fileId,
    fileName: row.fileName,
    data: fileUrl(row.eventId, row.fileId),
    fileSize: row.fileSize,
    fileType: row.fileType,
    showDownload: row.showDownload,
    showToChildTeams: row.showToChildTeams,
    showToTeamTypeIds: row.showToTeamTypeIds,
    hideFromTeamTypeIds: row.hideFromTeamTypeIds,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A download as a team's Downloads page shows it: the file and its words, none of the rules. */
export function presentMyDownload(row: DownloadRecord): MyDownload {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    data: fileUrl(row.eventId, row.fileId),
    fileName: row.fileName,
    fileSize: row.fileSize,
    fileType: row.fileType,
  };
}
