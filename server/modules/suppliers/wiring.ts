import { registerTeamTypeColumns } from '../people/teamTypes/references/service';
import { registerLogoAccess } from './logo/service';
import { suppliers } from './tables';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireSuppliers(): void {
  registerTeamTypeColumns('suppliers', {
    table: suppliers,
    eventId: suppliers.eventId,
    columns: [suppliers.showToTeamTypeIds, suppliers.hideFromTeamTypeIds],
  });
  registerLogoAccess();
}
