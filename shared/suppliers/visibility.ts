import { can, type Permission } from '../auth/permissions';
import { SUPPLIERS_LEVEL } from './schema';

/**
 * Which suppliers a viewer sees in the directory (spec: suppliers, like content and downloads, can
 * be limited by team type: show to, hide from). Those who manage suppliers see every supplier that
 * is not archived. Anyone else:
 * - a supplier hidden from the viewer's team type is not shown (hiding wins over showing);
 * - a supplier shown to some team types is shown only to those types (a viewer without a team
 *   type is none of them);
 * - a supplier with neither list is shown to everyone.
 */

export interface SupplierViewer {
  level: Permission;
  /** The team type of the viewer's team; null with no team or an untyped team. */
  teamTypeId: string | null;
}

export interface VisibleSupplierFields {
  isArchived: boolean;
  showToTeamTypeIds: readonly string[];
  hideFromTeamTypeIds: readonly string[];
}

export function seesAllSuppliers(viewer: Pick<SupplierViewer, 'level'>): boolean {
  return can(viewer.level, SUPPLIERS_LEVEL);
}

export function canSeeSupplier(supplier: VisibleSupplierFields, viewer: SupplierViewer): boolean {
  if (supplier.isArchived) return false;
  if (seesAllSuppliers(viewer)) return true;
  const type = viewer.teamTypeId;
  if (type !== null && supplier.hideFromTeamTypeIds.includes(type)) return false;
  if (supplier.showToTeamTypeIds.length === 0) return true;
  return type !== null && supplier.showToTeamTypeIds.includes(type);
}

export function suppliersForViewer<T extends VisibleSupplierFields>(
  suppliers: readonly T[],
  viewer: SupplierViewer,
): T[] {
  return suppliers.filter((supplier) => canSeeSupplier(supplier, viewer));
}

/** For the admin list: 'Restricted' when a supplier is limited by team type either way. */
export function isRestricted(
  supplier: Pick<VisibleSupplierFields, 'showToTeamTypeIds' | 'hideFromTeamTypeIds'>,
) {
  return supplier.showToTeamTypeIds.length > 0 || supplier.hideFromTeamTypeIds.length > 0;
}
