import { and, eq, sql } from 'drizzle-orm';
import { fieldsForTeam, valuesFitFields } from '../../../../shared/people/customFields';
import { TEAM_ERRORS } from '../../../../shared/people/teams';
import type { Db } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { assertRequiredFilled, listCustomFields } from '../customFields/service';
import { memberships, teams } from '../tables';
import { findTeam } from '../teams/queries';

/**
 * /my-team team settings: the owner saves their team's custom field values. Only the fields the
 * team sees may be written (a child team: those flagged showToChildTeams; never a hidden field), and
 * a required one cannot be left empty. Members read them; they cannot change them.
 */
export async function updateMyTeamFields(
  db: Db,
  actor: Actor,
  values: Record<string, string | boolean>,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const [own] = await tx
      .select({ teamId: memberships.teamId })
      .from(memberships)
      .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, actor.accountId)))
      .limit(1);
    if (!own?.teamId) throw notFound(TEAM_ERRORS.noTeam);
    const team = await findTeam(tx, actor.eventId, own.teamId, true);
    if (team.ownerId !== actor.accountId) throw forbidden();
    const shown = fieldsForTeam(
      await listCustomFields(tx, actor.eventId),
      team.standShareRole === 'child',
    ).filter((f) => f.showField);
    if (!valuesFitFields(values, shown)) throw badRequest(TEAM_ERRORS.invalidTeam);
    assertRequiredFilled({ ...team.customFields, ...values }, shown);
    await tx
      .update(teams)
      .set({
        // Merged over the stored values, so fields this team does not see keep theirs.
        customFields: sql`${teams.customFields} || ${JSON.stringify(values)}::jsonb`,
        updatedBy: actor.accountId,
        updatedAt: new Date(),
      })
      .where(and(eq(teams.eventId, actor.eventId), eq(teams.id, team.id)));
  });
}
