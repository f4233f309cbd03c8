import { registerUserTransfer } from '../people/users/transfer/service';
import { registerTaskAttachmentAccess } from './attachments/service';
import { transferAssignments } from './threads/assignments/service';
import { registerTaskFileAccess } from './threads/uploads/service';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireTasks(): void {
  registerTaskAttachmentAccess();
  registerTaskFileAccess();
  registerUserTransfer('tasks.assignments', transferAssignments);
}
