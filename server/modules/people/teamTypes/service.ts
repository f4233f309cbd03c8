import { and, asc, count, eq } from 'drizzle-orm';
import type { TeamType, TeamTypeListResponse } from '../../../../shared/people/schema';
import { TEAM_ERRORS } from '../../../../shared/people/teams';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest, notFound } from '../../../platform/http/errors';
import { teams, teamTypes } from '../tables';

/** Team types of an event, by name, with how many teams each holds. */
export async function listTeamTypes(db: DbOrTx, eventId: string): Promise<TeamTypeListResponse> {
  const rows = await db
    .select({ id: teamTypes.id, name: teamTypes.name, teamsCount: count(teams.id) })
    .from(teamTypes)
    .leftJoin(teams, and(eq(teams.eventId, eventId), eq(teams.teamTypeId, teamTypes.id)))
    .where(eq(teamTypes.eventId, eventId))
    .groupBy(teamTypes.id, teamTypes.name)
    .orderBy(asc(teamTypes.name), asc(teamTypes.id));
  return { items: rows };
}

export async function getTeamType(db: DbOrTx, eventId: string, teamTypeId: string): Promise<TeamType> {
  const found = (await listTeamTypes(db, eventId)).items.find((t) => t.id === teamTypeId);
  if (!found) throw notFound(TEAM_ERRORS.teamTypeNotFound);
  return found;
}

/** A team type id from a request must belong to the event; anything else is 'Invalid team type'. */
export async function assertTeamTypeInEvent(db: DbOrTx, eventId: string, teamTypeId: string | null) {
  if (!teamTypeId) return;
  const [row] = await db
    .select({ id: teamTypes.id })
    .from(teamTypes)
    .where(and(eq(teamTypes.eventId, eventId), eq(teamTypes.id, teamTypeId)))
    .limit(1);
  if (!row) throw badRequest(TEAM_ERRORS.invalidTeamType);
}

export async function createTeamType(ctx: AppContext, eventId: string, name: string, actor: string) {
  return withTransaction(ctx.db, async (db) => {
    const [row] = await db
      .insert(teamTypes)
      .values({ eventId, name, createdBy: actor, updatedBy: actor })
      .returning({ id: teamTypes.id });
    return getTeamType(db, eventId, row.id);
  });
}

export async function renameTeamType(
  ctx: AppContext,
  eventId: string,
  teamTypeId: string,
  name: string,
  actor: string,
) {
  return withTransaction(ctx.db, async (db) => {
    const updated = await db
      .update(teamTypes)
      .set({ name, updatedBy: actor, updatedAt: new Date() })
      .where(and(eq(teamTypes.eventId, eventId), eq(teamTypes.id, teamTypeId)))
      .returning({ id: teamTypes.id });
    if (updated.length === 0) throw notFound(TEAM_ERRORS.teamTypeNotFound);
    return getTeamType(db, eventId, teamTypeId);
  });
}

/**
 * Deleting a team type takes it off every team (the foreign key sets team_type_id to null) and out
 * of every other area's team type lists: each list is a join table whose foreign key to team_types
 * cascades (links/tables.ts, decision 0065), so no list of places is kept here.
 */
export async function deleteTeamType(ctx: AppContext, eventId: string, teamTypeId: string): Promise<void> {
  return withTransaction(ctx.db, async (db) => {
    const deleted = await db
      .delete(teamTypes)
      .where(and(eq(teamTypes.eventId, eventId), eq(teamTypes.id, teamTypeId)))
      .returning({ id: teamTypes.id });
    if (deleted.length === 0) throw notFound(TEAM_ERRORS.teamTypeNotFound);
  });
}
