import { registerLogoAccess } from './logo/service';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireSuppliers(): void {
  registerLogoAccess();
}
