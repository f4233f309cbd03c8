import { registerTeamTypeColumns } from '../people/teamTypes/references/service';
import { registerContentFileAccess } from './reader/queries';
import { contentPages } from './tables';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireContent(): void {
  registerTeamTypeColumns('content', {
    table: contentPages,
    eventId: contentPages.eventId,
    columns: [contentPages.allowedTeamTypeIds],
  });
  registerContentFileAccess();
}
