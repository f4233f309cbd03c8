import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  defaultLayoutCards,
  LAYOUT_ERRORS,
  type Layout,
  type LayoutBody,
  layoutBodySchema,
} from '../../../../shared/portal/cardLayouts';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { idsNotInEvent } from '../../../platform/db/ownership';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { badRequest, notFound } from '../../../platform/http/errors';
import { teamTypes } from '../../people/tables';
import { existingContentIds } from '../queries';
import { cardLayouts, layoutCards, layoutTeamTypes } from '../tables';

/** Card layouts: six cards each, one default (never deleted), a team type in one layout only. */

/** Every event has its default layout; made with the core-page cards the first time it is needed. */
export async function ensureDefaultLayout(tx: DbOrTx, scope: EventScope, actor = 'system'): Promise<void> {
  const { eventId } = scope;
  const [found] = await tx
    .select({ id: cardLayouts.id })
    .from(cardLayouts)
    .where(and(eq(cardLayouts.eventId, eventId), eq(cardLayouts.isDefault, true)))
    .limit(1);
  if (found) return;
  const [layout] = await tx
    .insert(cardLayouts)
    .values({ eventId, name: 'Default', isDefault: true, createdBy: actor, updatedBy: actor })
    .onConflictDoNothing()
    .returning({ id: cardLayouts.id });
  if (!layout) return; // another request made it first
  await tx.insert(layoutCards).values(
    defaultLayoutCards().map((card, position) => ({
      ...card,
      eventId,
      layoutId: layout.id,
      position,
      createdBy: actor,
      updatedBy: actor,
    })),
  );
}

export async function listLayouts(db: DbOrTx, scope: EventScope): Promise<Layout[]> {
  const { eventId } = scope;
  const [layouts, cards, types] = await Promise.all([
    db
      .select()
      .from(cardLayouts)
      .where(eq(cardLayouts.eventId, eventId))
      .orderBy(asc(cardLayouts.name), asc(cardLayouts.id)),
    db.select().from(layoutCards).where(eq(layoutCards.eventId, eventId)).orderBy(asc(layoutCards.position)),
    db.select().from(layoutTeamTypes).where(eq(layoutTeamTypes.eventId, eventId)),
  ]);
  const result = layouts.map((layout) => {
    const own = cards.filter((c) => c.layoutId === layout.id);
    return {
      id: layout.id,
      name: layout.name,
      isDefault: layout.isDefault,
      cardIds: own.map((c) => c.id),
      cards: own.map(({ id, title, description, icon, isMini, type, pathId }) => ({
        id,
        title,
        description,
        icon,
        isMini,
        type,
        pathId,
      })),
      teamTypeIds: types.filter((t) => t.layoutId === layout.id).map((t) => t.teamTypeId),
    };
  });
  // The default first, then by name.
  return result.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** The default layout is made on first read, so the list and the dashboard always have one. */
export async function listLayoutsEnsured(db: Db, scope: EventScope): Promise<Layout[]> {
  const layouts = await listLayouts(db, scope);
  if (layouts.some((l) => l.isDefault)) return layouts;
  await withTransaction(db, (tx) => ensureDefaultLayout(tx, scope));
  return listLayouts(db, scope);
}

export async function getLayout(db: DbOrTx, scope: EventScope, layoutId: string): Promise<Layout> {
  const found = (await listLayouts(db, scope)).find((l) => l.id === layoutId);
  if (!found) throw notFound(LAYOUT_ERRORS.notFound);
  return found;
}

function parseBody(input: unknown) {
  const parsed = layoutBodySchema.safeParse(input);
  if (!parsed.success) {
    const cardIssue = parsed.error.issues.some((i) => i.path[0] === 'cards' && i.path.length > 1);
    throw badRequest(
      cardIssue ? LAYOUT_ERRORS.invalidCard : LAYOUT_ERRORS.invalidLayout,
      parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
        message: i.message,
      })),
    );
  }
  return parsed.data;
}

/** Team types must be this event's and in no other layout; content cards must link to this event. */
async function checkReferences(tx: DbOrTx, eventId: string, layoutId: string | null, body: LayoutBody) {
  const typeIds = body.teamTypeIds ?? [];
  if (typeIds.length > 0) {
    if ((await idsNotInEvent(tx, teamTypes, eventId, typeIds)).length > 0) {
      throw badRequest(LAYOUT_ERRORS.invalidLayout, [
        { path: ['teamTypeIds'], message: 'Invalid team type' },
      ]);
    }
    const taken = await tx
      .select({ id: layoutTeamTypes.teamTypeId })
      .from(layoutTeamTypes)
      .where(
        and(
          eq(layoutTeamTypes.eventId, eventId),
          inArray(layoutTeamTypes.teamTypeId, typeIds),
          ...(layoutId ? [ne(layoutTeamTypes.layoutId, layoutId)] : []),
        ),
      );
    if (taken.length > 0) {
      throw badRequest(LAYOUT_ERRORS.invalidLayout, [
        { path: ['teamTypeIds'], message: LAYOUT_ERRORS.teamTypeAssigned },
      ]);
    }
  }
  const contentIds = body.cards.filter((c) => c.type === 'content').map((c) => c.pathId);
  const live = await existingContentIds(tx, { eventId }, contentIds);
  if (contentIds.some((id) => !live.has(id))) {
    throw badRequest(LAYOUT_ERRORS.invalidCard, [
      { path: ['cards'], message: 'Choose content pages of this event' },
    ]);
  }
}

async function writeParts(
  tx: DbOrTx,
  eventId: string,
  layoutId: string,
  body: ReturnType<typeof parseBody>,
  actor: string,
) {
  await tx
    .delete(layoutCards)
    .where(and(eq(layoutCards.eventId, eventId), eq(layoutCards.layoutId, layoutId)));
  await tx.insert(layoutCards).values(
    body.cards.map((card, position) => ({
      ...card,
      eventId,
      layoutId,
      position,
      createdBy: actor,
      updatedBy: actor,
    })),
  );
  await tx
    .delete(layoutTeamTypes)
    .where(and(eq(layoutTeamTypes.eventId, eventId), eq(layoutTeamTypes.layoutId, layoutId)));
  if (body.teamTypeIds.length > 0) {
    await tx
      .insert(layoutTeamTypes)
      .values(body.teamTypeIds.map((teamTypeId) => ({ eventId, layoutId, teamTypeId })));
  }
}

export async function createLayout(db: Db, scope: Scope, input: unknown) {
  const { eventId, accountId: actor } = scope;
  const body = parseBody(input);
  const id = await withTransaction(db, async (tx) => {
    await ensureDefaultLayout(tx, scope, actor);
    await checkReferences(tx, eventId, null, body);
    const [row] = await tx
      .insert(cardLayouts)
      .values({ eventId, name: body.name, createdBy: actor, updatedBy: actor })
      .returning({ id: cardLayouts.id });
    await writeParts(tx, eventId, row.id, body, actor);
    return row.id;
  });
  return getLayout(db, scope, id);
}

export async function updateLayout(db: Db, scope: Scope, layoutId: string, input: unknown) {
  const { eventId, accountId: actor } = scope;
  await getLayout(db, scope, layoutId);
  const body = parseBody(input);
  await withTransaction(db, async (tx) => {
    await checkReferences(tx, eventId, layoutId, body);
    await tx
      .update(cardLayouts)
      .set({ name: body.name, updatedBy: actor, updatedAt: new Date() })
      .where(and(eq(cardLayouts.eventId, eventId), eq(cardLayouts.id, layoutId)));
    await writeParts(tx, eventId, layoutId, body, actor);
  });
  return getLayout(db, scope, layoutId);
}

export async function deleteLayout(db: Db, scope: EventScope, layoutId: string): Promise<void> {
  const { eventId } = scope;
  return withTransaction(db, async (db) => {
    const layout = await getLayout(db, scope, layoutId);
    if (layout.isDefault) throw badRequest(LAYOUT_ERRORS.cannotDeleteDefault);
    await db.delete(cardLayouts).where(and(eq(cardLayouts.eventId, eventId), eq(cardLayouts.id, layoutId)));
  });
}
