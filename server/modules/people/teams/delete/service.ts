import { and, eq, inArray } from 'drizzle-orm';
import { TEAM_ERRORS } from '../../../../../shared/people/teams';
import type { BulkDeleteTeamsResponse } from '../../../../../shared/people/users';
import type { Db } from '../../../../platform/db/client';
import { AppError } from '../../../../platform/http/errors';
import type { Actor } from '../../../../platform/http/guards';
import { teams } from '../../tables';
import { deleteTeam } from '../service';

/**
 * Deletes the chosen teams one by one, each in its own transaction with deleteTeam's rules, and
 * reports the ones refused with the spec's reason ("Can't self delete", stand shares still in it).
 * Stand shares go before parents, so choosing a parent with all its stand shares deletes them all.
 */
export async function bulkDeleteTeams(
  db: Db,
  actor: Actor,
  teamIds: string[],
): Promise<BulkDeleteTeamsResponse> {
  const ids = [...new Set(teamIds)];
  const rows = await db
    .select({ id: teams.id, name: teams.name, parentTeamId: teams.parentTeamId })
    .from(teams)
    .where(and(eq(teams.eventId, actor.eventId), inArray(teams.id, ids)));
  const known = new Map(rows.map((r) => [r.id, r]));
  const result: BulkDeleteTeamsResponse = { deleted: [], failed: [] };
  // Another event's ids are as unknown as ids that never existed.
  for (const id of ids) {
    if (!known.has(id)) result.failed.push({ teamId: id, name: null, message: TEAM_ERRORS.teamNotFound });
  }
  const ordered = [...rows].sort((a, b) => Number(b.parentTeamId !== null) - Number(a.parentTeamId !== null));
  for (const team of ordered) {
    try {
      await deleteTeam(db, actor, team.id);
      result.deleted.push(team.id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failed.push({ teamId: team.id, name: team.name, message: err.message });
    }
  }
  return result;
}
