/**
 * The directory grouped by supplier type (spec: Supplier group; a virtual Unassigned group holds
 * suppliers in no group). Callers pass only the suppliers the viewer may see, so a group never
 * reveals a supplier by its id.
 */

export const UNASSIGNED_GROUP_ID = 'unassigned';
export const UNASSIGNED_GROUP_TITLE = 'Unassigned';

export interface SupplierSection<T> {
  groupId: string;
  title: string;
  suppliers: T[];
}

type Groupable = { id: string; company: string; isFeatured: boolean };
type GroupLike = { id: string; title: string; supplierIds: readonly string[]; isArchived: boolean };

/** Featured suppliers first, then by company (the spec's default sort for suppliers), then id. */
export function compareSuppliers(a: Groupable, b: Groupable): number {
  if (a.isFeatured !== b.isFeatured) return a.isFeatured ? -1 : 1;
  const byCompany = a.company.localeCompare(b.company, 'en', { sensitivity: 'base' });
  if (byCompany !== 0) return byCompany;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Groups in the given order (the caller sorts them by title), each with its suppliers featured
 * first; then Unassigned with the suppliers in no shown group. A supplier of two types is under
 * both. Archived groups, and groups with nothing to show, are left out.
 */
export function groupSuppliers<T extends Groupable>(
  groups: readonly GroupLike[],
  suppliers: readonly T[],
): SupplierSection<T>[] {
  const byId = new Map(suppliers.map((supplier) => [supplier.id, supplier]));
  const placed = new Set<string>();
  const sections: SupplierSection<T>[] = [];
  for (const group of groups) {
    if (group.isArchived) continue;
    const members = [...new Set(group.supplierIds)].flatMap((id) => byId.get(id) ?? []);
    for (const supplier of members) placed.add(supplier.id);
    if (members.length > 0)
      sections.push({ groupId: group.id, title: group.title, suppliers: members.sort(compareSuppliers) });
  }
  const rest = suppliers.filter((supplier) => !placed.has(supplier.id)).sort(compareSuppliers);
  if (rest.length > 0)
    sections.push({ groupId: UNASSIGNED_GROUP_ID, title: UNASSIGNED_GROUP_TITLE, suppliers: rest });
  return sections;
}

/**
 * The admin's name for supplier groups follows the event's terminology for suppliers
 * ('Suppliers' gives 'Supplier types', 'Contractors' gives 'Contractor types').
 */
export function supplierTypesLabel(suppliersTerm: string): string {
  const term = suppliersTerm.trim() || 'Suppliers';
  const singular = /ies$/i.test(term) ? `${term.slice(0, -3)}y` : /s$/i.test(term) ? term.slice(0, -1) : term;
  return `${singular} types`;
}
