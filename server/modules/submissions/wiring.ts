import { registerUserTransfer } from '../people/users/transfer/service';
import { transferSubmissions } from './service';
import { registerSubmissionFileAccess } from './uploads/policy';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireSubmissions(): void {
  registerSubmissionFileAccess();
  registerUserTransfer('submissions.owner', transferSubmissions);
}
