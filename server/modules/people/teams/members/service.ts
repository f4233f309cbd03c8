import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MEMBER_AREA_ERRORS, type MemberArea } from '../../../../../shared/people/memberAreas';
import type {
  addTeamMemberBodySchema,
  updateTeamMemberBodySchema,
} from '../../../../../shared/people/schema';
import { isTeamFull, TEAM_ERRORS } from '../../../../../shared/people/teams';
import { canSetPermission, USER_ERRORS } from '../../../../../shared/people/users';
import type { AppContext } from '../../../../platform/context';
import type { Db, DbOrTx } from '../../../../platform/db/client';
import { withTransaction } from '../../../../platform/db/transaction';
import { conflict, forbidden, notFound } from '../../../../platform/http/errors';
import type { Actor } from '../../../../platform/http/guards';
import { noteChange } from '../../../audit/service';
import { accounts } from '../../../auth/tables';
import { dispatchEmails } from '../../../emails/service';
import { readSettings } from '../../../events/settingsStore';
import { creatingUser, ensureMember, joinTeam, queueWelcome } from '../../placement/service';
import { peoplePolicy } from '../../policy';
import { memberships, teams } from '../../tables';
import { countMembers, findTeam, teamContext } from '../queries';

type AddMember = z.output<typeof addTeamMemberBodySchema>;
type UpdateMember = z.output<typeof updateTeamMemberBodySchema>;

/** createTeamMember: invite someone into a team by email, unless the team is full. */
export async function addTeamMember(ctx: AppContext, actor: Actor, teamId: string, input: AddMember) {
  const { member } = await creatingUser(() =>
    withTransaction(ctx.db, async (tx, effects) => {
      const team = await findTeam(tx, actor.eventId, teamId, true);
      if (!peoplePolicy.addTeamMember(actor, await teamContext(tx, actor, team))) throw forbidden();
      if (input.permissions === 'admin' && !peoplePolicy.grantAdmin(actor)) throw forbidden();
      const { teamMemberLimit } = await readSettings(tx, actor.eventId, 'variables');
      if (isTeamFull(await countMembers(tx, actor.eventId, teamId), teamMemberLimit)) {
        throw conflict(TEAM_ERRORS.teamFull);
      }
      const person = await ensureMember(tx, actor.eventId, input, input.permissions, actor.accountId);
      await joinTeam(tx, actor.eventId, person.accountId, teamId, 'teamMember', actor.accountId);
      const outboxIds = await queueWelcome(tx, actor.eventId, person, actor.accountId, {
        kind: 'welcomeTeamMember',
        teamName: team.name,
      });
      effects.afterCommit(() => dispatchEmails(ctx, outboxIds));
      return { member: { id: person.accountId } };
    }),
  );
  return member;
}

async function findTeamMember(db: DbOrTx, actor: Actor, teamId: string, userId: string) {
  const [row] = await db
    .select({ permissions: memberships.permissions, teamRole: memberships.teamRole })
    .from(memberships)
    .where(
      and(
        eq(memberships.eventId, actor.eventId),
        eq(memberships.teamId, teamId),
        eq(memberships.accountId, userId),
      ),
    )
    .limit(1);
  if (!row) throw notFound(TEAM_ERRORS.userNotFound);
  return row;
}

/** Edit a team member: names, permission (User or Admin) and handing the team over to them. */
export async function updateTeamMember(
  db: Db,
  actor: Actor,
  teamId: string,
  userId: string,
  input: UpdateMember,
) {
  await withTransaction(db, async (tx) => {
    const team = await findTeam(tx, actor.eventId, teamId, true);
    const member = await findTeamMember(tx, actor, teamId, userId);
    const now = new Date();
    if (input.permissions && input.permissions !== member.permissions) {
      // The one rule for level changes (the users list applies it too).
      if (userId === actor.accountId) throw forbidden(USER_ERRORS.ownPermission);
      if (!canSetPermission(actor.permissions, member.permissions, input.permissions)) throw forbidden();
      await tx
        .update(memberships)
        .set({ permissions: input.permissions, updatedBy: actor.accountId, updatedAt: now })
        .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, userId)));
    }
    if (input.firstName || input.surname) {
      await tx
        .update(accounts)
        .set({
          ...(input.firstName ? { firstName: input.firstName } : {}),
          ...(input.surname ? { surname: input.surname } : {}),
          updatedBy: actor.accountId,
          updatedAt: now,
        })
        .where(eq(accounts.id, userId));
    }
    if (input.teamRole === 'teamOwner' && team.ownerId !== userId) {
      await joinTeam(tx, actor.eventId, team.ownerId, teamId, 'teamMember', actor.accountId);
      await joinTeam(tx, actor.eventId, userId, teamId, 'teamOwner', actor.accountId);
      await tx
        .update(teams)
        .set({ ownerId: userId, updatedBy: actor.accountId, updatedAt: now })
        .where(and(eq(teams.eventId, actor.eventId), eq(teams.id, teamId)));
    }
    noteChange('members', userId, member, {
      ...member,
      ...(input.permissions ? { permissions: input.permissions } : {}),
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.surname ? { surname: input.surname } : {}),
      ...(input.teamRole === 'teamOwner' ? { teamRole: 'teamOwner' } : {}),
    });
  });
}

/** Takes a member out of the team; they stay in the event. The owner must hand the team over first. */
export async function removeTeamMember(db: Db, actor: Actor, teamId: string, userId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const team = await findTeam(tx, actor.eventId, teamId, true);
    if (!peoplePolicy.addTeamMember(actor, await teamContext(tx, actor, team))) throw forbidden();
    await findTeamMember(tx, actor, teamId, userId);
    if (team.ownerId === userId) throw conflict(TEAM_ERRORS.ownerCannotLeave);
    await tx
      .update(memberships)
      .set({ teamId: null, teamRole: null, updatedBy: actor.accountId, updatedAt: new Date() })
      .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, userId)));
  });
}

/**
 * Chooses the areas a team member may open (decision 0034): an organiser for anyone in a team, a
 * team owner for their own team. The owner's own areas cannot be closed (they choose for the team).
 */
export async function setMemberAreas(
  db: Db,
  actor: Actor,
  teamId: string,
  userId: string,
  areas: MemberArea[],
): Promise<MemberArea[]> {
  return withTransaction(db, async (tx) => {
    const team = await findTeam(tx, actor.eventId, teamId, true);
    if (!peoplePolicy.addTeamMember(actor, await teamContext(tx, actor, team))) throw forbidden();
    await findTeamMember(tx, actor, teamId, userId);
    if (team.ownerId === userId) throw conflict(MEMBER_AREA_ERRORS.ownerAlwaysOpen);
    await tx
      .update(memberships)
      .set({ memberAreas: areas, updatedBy: actor.accountId, updatedAt: new Date() })
      .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, userId)));
    return areas;
  });
}
