import type { DirectoryCard, SupplierDetail, SupplierRow } from '../../../shared/suppliers/api';
import { type Contact, contactSchema } from '../../../shared/suppliers/schema';
import { logoAddress } from './logo/service';
import type { suppliers } from './tables';

/** Rows of the suppliers table with their team type lists (supplierWithTeamTypes), as the API shows them. */
export type SupplierRecord = typeof suppliers.$inferSelect & {
  showToTeamTypeIds: string[];
  hideFromTeamTypeIds: string[];
};
export type GroupRef = { id: string; title: string };

/**
 * Contacts are JSONB, so they are checked again when read; a contact that fails the check (an old
 * or hand-edited row) is left out and logged rather than shown half-broken.
 */
export function readContacts(record: SupplierRecord, onBad?: (issue: string) => void): Contact[] {
  const stored: unknown[] = Array.isArray(record.contacts) ? record.contacts : [];
  return stored.flatMap((raw) => {
    const parsed = contactSchema.safeParse(raw);
    if (parsed.success) return [parsed.data];
    onBad?.(`supplier ${record.id}: contact left out (${parsed.error.issues[0]?.message})`);
    return [];
  });
}

export function presentSupplierRow(record: SupplierRecord, groups: GroupRef[]): SupplierRow {
  return {
    id: record.id,
    company: record.company,
    website: record.website,
    logo: logoAddress(record),
    isFeatured: record.isFeatured,
    isArchived: record.isArchived,
    groups,
    contactsCount: readContacts(record).length,
    showToTeamTypeIds: record.showToTeamTypeIds,
    hideFromTeamTypeIds: record.hideFromTeamTypeIds,
  };
}

export function presentSupplierDetail(record: SupplierRecord, groups: GroupRef[]): SupplierDetail {
  return {
    ...presentSupplierRow(record, groups),
    description: record.description,
    logoUrl: record.logoUrl,
    logoFileId: record.logoFileId,
    contacts: readContacts(record),
    groupIds: groups.map((g) => g.id),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function presentCard(record: SupplierRecord): DirectoryCard {
  return {
    id: record.id,
    company: record.company,
    logo: logoAddress(record),
    website: record.website,
    isFeatured: record.isFeatured,
  };
}
