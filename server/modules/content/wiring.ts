import { registerContentFileAccess } from './reader/queries';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireContent(): void {
  registerContentFileAccess();
}
