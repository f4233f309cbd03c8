import { can } from '../../../shared/auth/permissions';
import { SUPPLIERS_LEVEL } from '../../../shared/suppliers/schema';
import type { Actor } from '../../platform/http/guards';

/** Who may do what with suppliers (spec: moderator and above manage suppliers and supplier groups). */
export const suppliersPolicy = {
  manageSuppliers: (actor: Actor) => can(actor.permissions, SUPPLIERS_LEVEL),
  /** Every member reads the directory; visibility by team type is applied per supplier. */
  readDirectory: (_actor: Actor) => true,
};
