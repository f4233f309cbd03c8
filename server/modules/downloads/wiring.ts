import { registerFileAccess } from '../files/service';
import { registerTeamTypeColumns } from '../people/teamTypes/references/service';
import { mayReadDownloadFile } from './service';
import { downloads } from './tables';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireDownloads(): void {
  registerTeamTypeColumns('downloads', {
    table: downloads,
    eventId: downloads.eventId,
    columns: [downloads.showToTeamTypeIds, downloads.hideFromTeamTypeIds],
  });
  registerFileAccess('download', (tx, viewer, file) => mayReadDownloadFile(tx, viewer, file));
}
