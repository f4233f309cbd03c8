import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  SupplierDetail,
  SupplierListResponse,
  supplierListQuerySchema,
} from '../../../shared/suppliers/api';
import { SUPPLIER_ERRORS, type SupplierValues } from '../../../shared/suppliers/schema';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { AppContext } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { idsNotInEvent } from '../../platform/db/ownership';
import { containing } from '../../platform/db/search';
import { withTransaction } from '../../platform/db/transaction';
import { badRequest, notFound } from '../../platform/http/errors';
import { noteChange } from '../audit/service';
import { sanitizeRichText } from '../content/sanitize';
import { teamTypes } from '../people/tables';
import { saveTeamTypeIds } from '../people/teamTypes/links/queries';
import { releaseLogo, syncLogo } from './logo/service';
import { type GroupRef, presentSupplierDetail, presentSupplierRow } from './present';
import {
  supplierGroupMembers,
  supplierGroups,
  supplierHideTeamTypes,
  supplierShowTeamTypes,
  suppliers,
  supplierWithTeamTypes,
} from './tables';

/** The admin side of suppliers: list, read, create, update, archive, delete. */

type SupplierListQuery = z.output<typeof supplierListQuerySchema>;

/** Suppliers of no active supplier type: the virtual Unassigned group. */
export const inNoActiveGroup = sql`not exists (
  select 1 from ${supplierGroupMembers} m
  join ${supplierGroups} g on g.id = m.group_id
  where m.event_id = ${suppliers.eventId} and m.supplier_id = ${suppliers.id} and g.is_archived = false
)`;

/** The groups of some suppliers, by supplier id, each list by title; archived ones only when asked. */
export async function groupsOf(db: DbOrTx, eventId: string, supplierIds: string[], withArchived = true) {
  const byId = new Map<string, GroupRef[]>(supplierIds.map((id) => [id, []]));
  if (supplierIds.length === 0) return byId;
  const rows = await db
    .select({
      supplierId: supplierGroupMembers.supplierId,
      id: supplierGroups.id,
      title: supplierGroups.title,
    })
    .from(supplierGroupMembers)
    .innerJoin(supplierGroups, eq(supplierGroups.id, supplierGroupMembers.groupId))
    .where(
      and(
        eq(supplierGroupMembers.eventId, eventId),
        inArray(supplierGroupMembers.supplierId, supplierIds),
        withArchived ? undefined : eq(supplierGroups.isArchived, false),
      ),
    )
    .orderBy(asc(supplierGroups.title), asc(supplierGroups.id));
  for (const row of rows) byId.get(row.supplierId)?.push({ id: row.id, title: row.title });
  return byId;
}

export async function listSuppliers(
  db: DbOrTx,
  eventId: string,
  query: SupplierListQuery,
): Promise<SupplierListResponse> {
  const where: SQL[] = [eq(suppliers.eventId, eventId), eq(suppliers.isArchived, query.archived ?? false)];
  if (query.search) where.push(ilike(suppliers.company, containing(query.search)));
  if (query.groupId === 'unassigned') where.push(inNoActiveGroup);
  else if (query.groupId) {
    where.push(sql`exists (select 1 from ${supplierGroupMembers} m where m.event_id = ${eventId}
      and m.supplier_id = ${suppliers.id} and m.group_id = ${query.groupId})`);
  }
  const direction = query.order === 'desc' ? desc : asc;
  const column = { company: sql`lower(${suppliers.company})`, website: suppliers.website }[query.sort];
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(supplierWithTeamTypes)
      .from(suppliers)
      .where(condition)
      // The id breaks ties so that paging never shows a supplier twice or skips one.
      .orderBy(direction(column), asc(suppliers.company), asc(suppliers.id))
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db.select({ total: count() }).from(suppliers).where(condition),
  ]);
  const groups = await groupsOf(
    db,
    eventId,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => presentSupplierRow(r, groups.get(r.id) ?? [])),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
  };
}

export async function findSupplier(db: DbOrTx, eventId: string, supplierId: string) {
  const [row] = await db
    .select(supplierWithTeamTypes)
    .from(suppliers)
    .where(and(eq(suppliers.eventId, eventId), eq(suppliers.id, supplierId)));
  if (!row) throw notFound(SUPPLIER_ERRORS.supplierNotFound);
  return row;
}

export async function getSupplier(db: DbOrTx, eventId: string, supplierId: string): Promise<SupplierDetail> {
  const row = await findSupplier(db, eventId, supplierId);
  const groups = await groupsOf(db, eventId, [row.id]);
  return presentSupplierDetail(row, groups.get(row.id) ?? []);
}

/** Team types and groups must be the event's own; another event's ids are 'Invalid supplier'. */
async function checkReferences(db: DbOrTx, eventId: string, body: SupplierValues): Promise<void> {
  const typeIds = [...body.showToTeamTypeIds, ...body.hideFromTeamTypeIds];
  if ((await idsNotInEvent(db, teamTypes, eventId, typeIds)).length > 0) {
    throw badRequest(SUPPLIER_ERRORS.invalidSupplier);
  }
  if ((await idsNotInEvent(db, supplierGroups, eventId, body.groupIds)).length > 0) {
    throw badRequest(SUPPLIER_ERRORS.invalidSupplier);
  }
}

/** What is stored from a checked body: the description sanitised, the groups and team types kept apart. */
async function columnsOf(body: SupplierValues) {
  const {
    groupIds: _groups,
    showToTeamTypeIds: _shownTo,
    hideFromTeamTypeIds: _hiddenFrom,
    description,
    ...rest
  } = body;
  return { ...rest, description: await sanitizeRichText(description) };
}

/**
 * Spec: updating a supplier adds or removes its id in the supplierIds of the affected groups. A
 * group it joins gets it last; groups it stays in keep its place.
 */
async function moveBetweenGroups(tx: Tx, eventId: string, supplierId: string, groupIds: string[]) {
  const current = await tx
    .select({ groupId: supplierGroupMembers.groupId })
    .from(supplierGroupMembers)
    .where(and(eq(supplierGroupMembers.eventId, eventId), eq(supplierGroupMembers.supplierId, supplierId)));
  const had = new Set(current.map((r) => r.groupId));
  const leaving = [...had].filter((id) => !groupIds.includes(id));
  const joining = groupIds.filter((id) => !had.has(id));
  if (leaving.length > 0) {
    await tx
      .delete(supplierGroupMembers)
      .where(
        and(
          eq(supplierGroupMembers.eventId, eventId),
          eq(supplierGroupMembers.supplierId, supplierId),
          inArray(supplierGroupMembers.groupId, leaving),
        ),
      );
  }
  if (joining.length === 0) return;
  const ends = await tx
    .select({
      groupId: supplierGroupMembers.groupId,
      last: sql<number>`max(${supplierGroupMembers.position})`.mapWith(Number),
    })
    .from(supplierGroupMembers)
    .where(and(eq(supplierGroupMembers.eventId, eventId), inArray(supplierGroupMembers.groupId, joining)))
    .groupBy(supplierGroupMembers.groupId);
  const lastOf = new Map(ends.map((e) => [e.groupId, e.last]));
  await tx
    .insert(supplierGroupMembers)
    .values(
      joining.map((groupId) => ({ eventId, groupId, supplierId, position: (lastOf.get(groupId) ?? -1) + 1 })),
    );
}

/** The two team type lists, replaced in the caller's transaction. */
async function saveTeamTypes(tx: Tx, eventId: string, supplierId: string, body: SupplierValues) {
  await saveTeamTypeIds(tx, supplierShowTeamTypes, eventId, supplierId, body.showToTeamTypeIds);
  await saveTeamTypeIds(tx, supplierHideTeamTypes, eventId, supplierId, body.hideFromTeamTypeIds);
}

export async function createSupplier(ctx: AppContext, eventId: string, body: SupplierValues, by: string) {
  return withTransaction(ctx.db, async (tx) => {
    await checkReferences(tx, eventId, body);
    const [row] = await tx
      .insert(suppliers)
      .values({ ...(await columnsOf(body)), eventId, createdBy: by, updatedBy: by })
      .returning({ id: suppliers.id });
    await syncLogo(tx, ctx, eventId, row.id, null, body.logoFileId);
    await moveBetweenGroups(tx, eventId, row.id, body.groupIds);
    await saveTeamTypes(tx, eventId, row.id, body);
    return getSupplier(tx, eventId, row.id);
  });
}

export async function updateSupplier(
  ctx: AppContext,
  eventId: string,
  supplierId: string,
  body: SupplierValues,
  by: string,
) {
  return withTransaction(ctx.db, async (tx) => {
    const current = await findSupplier(tx, eventId, supplierId);
    await checkReferences(tx, eventId, body);
    await syncLogo(tx, ctx, eventId, supplierId, current.logoFileId, body.logoFileId);
    await tx
      .update(suppliers)
      .set({ ...(await columnsOf(body)), updatedBy: by, updatedAt: new Date() })
      .where(and(eq(suppliers.eventId, eventId), eq(suppliers.id, supplierId)));
    await moveBetweenGroups(tx, eventId, supplierId, body.groupIds);
    await saveTeamTypes(tx, eventId, supplierId, body);
    const saved = await getSupplier(tx, eventId, supplierId);
    noteChange('suppliers', supplierId, current, {
      ...current,
      ...(await columnsOf(body)),
      showToTeamTypeIds: saved.showToTeamTypeIds,
      hideFromTeamTypeIds: saved.hideFromTeamTypeIds,
    });
    return saved;
  });
}

export async function setSupplierArchived(
  db: DbOrTx,
  eventId: string,
  supplierId: string,
  isArchived: boolean,
  by: string,
) {
  return withTransaction(db, async (db) => {
    const updated = await db
      .update(suppliers)
      .set({ isArchived, updatedBy: by, updatedAt: new Date() })
      .where(and(eq(suppliers.eventId, eventId), eq(suppliers.id, supplierId)))
      .returning({ id: suppliers.id });
    if (updated.length === 0) throw notFound(SUPPLIER_ERRORS.supplierNotFound);
    return getSupplier(db, eventId, supplierId);
  });
}

/** Spec: deleting a supplier removes its files and its id from groups (the membership rows cascade). */
export async function deleteSupplier(ctx: AppContext, eventId: string, supplierId: string) {
  return withTransaction(ctx.db, async (tx) => {
    await findSupplier(tx, eventId, supplierId);
    await releaseLogo(tx, ctx, eventId, supplierId);
    await tx.delete(suppliers).where(and(eq(suppliers.eventId, eventId), eq(suppliers.id, supplierId)));
  });
}
