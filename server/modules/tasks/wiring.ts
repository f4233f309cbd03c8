import { registerTeamTypeColumns } from '../people/teamTypeReferences';
import { registerUserTransfer } from '../people/userTransfer';
import { transferAssignments } from './assignments';
import { tasks } from './tables';
import { registerTaskAttachmentAccess } from './taskAttachments';
import { registerTaskFileAccess } from './taskUploads';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireTasks(): void {
  registerTeamTypeColumns('tasks', { table: tasks, eventId: tasks.eventId, columns: [tasks.teamTypeIds] });
  registerTaskAttachmentAccess();
  registerTaskFileAccess();
  registerUserTransfer('tasks.assignments', transferAssignments);
}
