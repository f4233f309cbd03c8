import { registerTeamTypeColumns } from '../people/teamTypes/references/service';
import { timetableSessions } from './tables';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireTimetable(): void {
  registerTeamTypeColumns('timetable_sessions', {
    table: timetableSessions,
    eventId: timetableSessions.eventId,
    columns: [timetableSessions.teamTypeIds],
  });
}
