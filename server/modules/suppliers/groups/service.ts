import { and, asc, count, eq } from 'drizzle-orm';
import type { SupplierGroupDetail, SupplierGroupListResponse } from '../../../../shared/suppliers/api';
import { groupIdSchema, SUPPLIER_ERRORS } from '../../../../shared/suppliers/schema';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest, notFound } from '../../../platform/http/errors';
import { inNoActiveGroup } from '../service';
import { supplierGroupMembers, supplierGroups, suppliers } from '../tables';

/** Supplier groups (spec: Supplier group, shown as supplier types): title, supplierIds, isArchived. */

/** Spec: a supplier group id cannot be empty ('No ID'); any other id that is not ours is not found. */
export function checkGroupId(raw: string): string {
  if (raw.trim() === '') throw badRequest(SUPPLIER_ERRORS.noId);
  const parsed = groupIdSchema.safeParse(raw);
  if (!parsed.success) throw notFound(SUPPLIER_ERRORS.groupNotFound);
  return parsed.data;
}

const rowColumns = {
  id: supplierGroups.id,
  title: supplierGroups.title,
  isArchived: supplierGroups.isArchived,
  suppliersCount: count(supplierGroupMembers.supplierId),
};

export async function listSupplierGroups(
  db: DbOrTx,
  eventId: string,
  archived = false,
): Promise<SupplierGroupListResponse> {
  const [items, [{ unassigned }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(supplierGroups)
      .leftJoin(
        supplierGroupMembers,
        and(eq(supplierGroupMembers.eventId, eventId), eq(supplierGroupMembers.groupId, supplierGroups.id)),
      )
      .where(and(eq(supplierGroups.eventId, eventId), eq(supplierGroups.isArchived, archived)))
      .groupBy(supplierGroups.id)
      .orderBy(asc(supplierGroups.title), asc(supplierGroups.id)),
    db
      .select({ unassigned: count() })
      .from(suppliers)
      .where(and(eq(suppliers.eventId, eventId), eq(suppliers.isArchived, false), inNoActiveGroup)),
  ]);
  return { items, unassignedCount: unassigned };
}

export async function getSupplierGroup(
  db: DbOrTx,
  eventId: string,
  rawId: string,
): Promise<SupplierGroupDetail> {
  const groupId = checkGroupId(rawId);
  const [row] = await db
    .select(rowColumns)
    .from(supplierGroups)
    .leftJoin(
      supplierGroupMembers,
      and(eq(supplierGroupMembers.eventId, eventId), eq(supplierGroupMembers.groupId, supplierGroups.id)),
    )
    .where(and(eq(supplierGroups.eventId, eventId), eq(supplierGroups.id, groupId)))
    .groupBy(supplierGroups.id);
  if (!row) throw notFound(SUPPLIER_ERRORS.groupNotFound);
  const members = await db
    .select({ id: suppliers.id, company: suppliers.company, isArchived: suppliers.isArchived })
    .from(supplierGroupMembers)
    .innerJoin(suppliers, eq(suppliers.id, supplierGroupMembers.supplierId))
    .where(and(eq(supplierGroupMembers.eventId, eventId), eq(supplierGroupMembers.groupId, groupId)))
    .orderBy(asc(supplierGroupMembers.position), asc(suppliers.company));
  return { ...row, suppliers: members };
}

export async function createSupplierGroup(db: DbOrTx, eventId: string, title: string, by: string) {
  return withTransaction(db, async (db) => {
    const [row] = await db
      .insert(supplierGroups)
      .values({ eventId, title, createdBy: by, updatedBy: by })
      .returning({ id: supplierGroups.id });
    return getSupplierGroup(db, eventId, row.id);
  });
}

export async function updateSupplierGroup(
  db: DbOrTx,
  eventId: string,
  rawId: string,
  change: { title?: string; isArchived?: boolean },
  by: string,
) {
  return withTransaction(db, async (db) => {
    const groupId = checkGroupId(rawId);
    const updated = await db
      .update(supplierGroups)
      .set({ ...change, updatedBy: by, updatedAt: new Date() })
      .where(and(eq(supplierGroups.eventId, eventId), eq(supplierGroups.id, groupId)))
      .returning({ id: supplierGroups.id });
    if (updated.length === 0) throw notFound(SUPPLIER_ERRORS.groupNotFound);
    return getSupplierGroup(db, eventId, groupId);
  });
}

/** Deleting a supplier type leaves its suppliers in place, in their other types or Unassigned. */
export async function deleteSupplierGroup(db: DbOrTx, eventId: string, rawId: string): Promise<void> {
  return withTransaction(db, async (db) => {
    const groupId = checkGroupId(rawId);
    const deleted = await db
      .delete(supplierGroups)
      .where(and(eq(supplierGroups.eventId, eventId), eq(supplierGroups.id, groupId)))
      .returning({ id: supplierGroups.id });
    if (deleted.length === 0) throw notFound(SUPPLIER_ERRORS.groupNotFound);
  });
}
