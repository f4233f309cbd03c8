import { and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../platform/db/client';
import type { TeamTypeLinks } from './tables';

/**
 * Reads and writes of the team type lists kept in join tables (./tables.ts, decision 0065). The
 * owner is given as SQL (a column of the outer query, or a raw alias such as sql`t.id`), so the
 * same helpers serve Drizzle selects and the hand-written SQL of the hot reads.
 */

/** The owner's list as a uuid[] in its saved order ('{}' when none): a correlated subquery. */
export function teamTypeIdsOf(links: TeamTypeLinks, eventId: SQLWrapper, ownerId: SQLWrapper): SQL<string[]> {
  return sql<string[]>`coalesce((select array_agg(${links.teamTypeId} order by ${links.position})
    from ${links} where ${links.eventId} = ${eventId} and ${links.ownerId} = ${ownerId}), '{}'::uuid[])`;
}

/** True when the owner lists `teamTypeId` (false for a team without a type: null lists nothing). */
export function listsTeamType(
  links: TeamTypeLinks,
  eventId: SQLWrapper,
  ownerId: SQLWrapper,
  teamTypeId: SQLWrapper | string | null,
): SQL {
  if (teamTypeId === null) return sql`false`;
  return sql`exists (select 1 from ${links} where ${links.eventId} = ${eventId} and ${links.ownerId} = ${ownerId}
    and ${links.teamTypeId} = ${teamTypeId})`;
}

/** True when the owner lists no team type (shown to every team). */
export function listsNoTeamType(links: TeamTypeLinks, eventId: SQLWrapper, ownerId: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${links} where ${links.eventId} = ${eventId} and ${links.ownerId} = ${ownerId})`;
}

/** A "shown to these team types, or to all when none" list lets a team of `teamTypeId` see the owner. */
export function letsTeamTypeSee(
  links: TeamTypeLinks,
  eventId: SQLWrapper,
  ownerId: SQLWrapper,
  teamTypeId: SQLWrapper | string | null,
): SQL {
  return sql`(${listsNoTeamType(links, eventId, ownerId)} or ${listsTeamType(links, eventId, ownerId, teamTypeId)})`;
}

/** The lists of several owners of one event, by owner id (owners with none are absent). */
export async function teamTypeIdsByOwner(
  db: DbOrTx,
  links: TeamTypeLinks,
  eventId: string,
  ownerIds: readonly string[],
): Promise<Map<string, string[]>> {
  const lists = new Map<string, string[]>();
  if (ownerIds.length === 0) return lists;
  const rows = await db
    .select({ ownerId: links.ownerId, teamTypeId: links.teamTypeId })
    .from(links)
    .where(and(eq(links.eventId, eventId), inArray(links.ownerId, [...ownerIds])))
    .orderBy(links.ownerId, links.position);
  for (const row of rows) {
    const list = lists.get(row.ownerId);
    if (list) list.push(row.teamTypeId);
    else lists.set(row.ownerId, [row.teamTypeId]);
  }
  return lists;
}

/**
 * Replaces the owner's list by `teamTypeIds` (repeats dropped, order kept), in the caller's
 * transaction; an unchanged list is left as it is. The ids must be team types of the event (the foreign key refuses others).
 */
export async function saveTeamTypeIds(
  db: DbOrTx,
  links: TeamTypeLinks,
  eventId: string,
  ownerId: string,
  teamTypeIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(teamTypeIds)];
  const saved = await db
    .select({ teamTypeId: links.teamTypeId })
    .from(links)
    .where(and(eq(links.eventId, eventId), eq(links.ownerId, ownerId)))
    .orderBy(links.position);
  // Unchanged: no write, so nothing that follows the list's writes (the report counts) hears of one.
  if (saved.length === ids.length && saved.every((row, i) => row.teamTypeId === ids[i])) return ids;
  await db.delete(links).where(and(eq(links.eventId, eventId), eq(links.ownerId, ownerId)));
  if (ids.length > 0) {
    await db
      .insert(links)
      .values(ids.map((teamTypeId, position) => ({ eventId, ownerId, teamTypeId, position })));
  }
  return ids;
}

/** Writes the lists of several new owners at once (a seed, a clone): one insert. */
export async function insertTeamTypeIds(
  db: DbOrTx,
  links: TeamTypeLinks,
  eventId: string,
  lists: ReadonlyArray<{ ownerId: string; teamTypeIds: readonly string[] }>,
): Promise<void> {
  const values = lists.flatMap(({ ownerId, teamTypeIds }) =>
    [...new Set(teamTypeIds)].map((teamTypeId, position) => ({ eventId, ownerId, teamTypeId, position })),
  );
  for (let i = 0; i < values.length; i += 5000) await db.insert(links).values(values.slice(i, i + 5000));
}
