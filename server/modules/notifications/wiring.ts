import { registerTeamTypeColumns } from '../people/teamTypes/references/service';
import { notifications } from './tables';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireNotifications(): void {
  registerTeamTypeColumns('notifications', {
    table: notifications,
    eventId: notifications.eventId,
    columns: [notifications.teamTypeIds],
  });
}
