import { and, asc, eq } from 'drizzle-orm';
import type { DirectoryResponse, DirectorySupplier } from '../../../../shared/suppliers/api';
import { groupSuppliers } from '../../../../shared/suppliers/groups';
import { SUPPLIER_ERRORS } from '../../../../shared/suppliers/schema';
import {
  canSeeSupplier,
  type SupplierViewer,
  suppliersForViewer,
} from '../../../../shared/suppliers/visibility';
import type { DbOrTx } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { memberships, teams } from '../../people/tables';
import { presentCard, readContacts } from '../present';
import { groupsOf } from '../service';
import { supplierGroupMembers, supplierGroups, suppliers, supplierWithTeamTypes } from '../tables';

/** The members' side: the directory grouped by supplier type, and one supplier's page. */

/** The caller's level and team type (null when in no team or an untyped one). */
export async function supplierViewerOf(db: DbOrTx, actor: Actor): Promise<SupplierViewer> {
  const [row] = await db
    .select({ teamTypeId: teams.teamTypeId })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, actor.accountId)));
  return { level: actor.permissions, teamTypeId: row?.teamTypeId ?? null };
}

export async function listDirectory(db: DbOrTx, actor: Actor): Promise<DirectoryResponse> {
  const eventId = actor.eventId;
  const [viewer, rows, groups, members] = await Promise.all([
    supplierViewerOf(db, actor),
    db
      .select(supplierWithTeamTypes)
      .from(suppliers)
      .where(and(eq(suppliers.eventId, eventId), eq(suppliers.isArchived, false))),
    db
      .select({ id: supplierGroups.id, title: supplierGroups.title, isArchived: supplierGroups.isArchived })
      .from(supplierGroups)
      .where(and(eq(supplierGroups.eventId, eventId), eq(supplierGroups.isArchived, false)))
      .orderBy(asc(supplierGroups.title), asc(supplierGroups.id)),
    db
      .select({ groupId: supplierGroupMembers.groupId, supplierId: supplierGroupMembers.supplierId })
      .from(supplierGroupMembers)
      .where(eq(supplierGroupMembers.eventId, eventId))
      .orderBy(asc(supplierGroupMembers.position)),
  ]);
  const idsByGroup = new Map<string, string[]>();
  for (const m of members) idsByGroup.set(m.groupId, [...(idsByGroup.get(m.groupId) ?? []), m.supplierId]);
  const visible = suppliersForViewer(rows, viewer).map(presentCard);
  const sections = groupSuppliers(
    groups.map((g) => ({ ...g, supplierIds: idsByGroup.get(g.id) ?? [] })),
    visible,
  );
  return { sections };
}

/** One supplier for a member; one they may not see answers exactly like one that does not exist. */
export async function getDirectorySupplier(
  db: DbOrTx,
  actor: Actor,
  supplierId: string,
): Promise<DirectorySupplier> {
  const [viewer, [row]] = await Promise.all([
    supplierViewerOf(db, actor),
    db
      .select(supplierWithTeamTypes)
      .from(suppliers)
      .where(and(eq(suppliers.eventId, actor.eventId), eq(suppliers.id, supplierId))),
  ]);
  if (!row || !canSeeSupplier(row, viewer)) throw notFound(SUPPLIER_ERRORS.supplierNotFound);
  const groups = (await groupsOf(db, actor.eventId, [row.id], false)).get(row.id) ?? [];
  return {
    ...presentCard(row),
    description: row.description,
    contacts: readContacts(row),
    groups,
  };
}
