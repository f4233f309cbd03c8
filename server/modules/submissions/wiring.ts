import { registerSubmissionFileAccess } from './files';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireSubmissions(): void {
  registerSubmissionFileAccess();
}
