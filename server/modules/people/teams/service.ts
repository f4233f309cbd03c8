import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { defaultCustomFieldValue } from '../../../../shared/people/customFields';
import type { createTeamBodySchema, updateTeamBodySchema } from '../../../../shared/people/schema';
import { parentRoleAfterChildLeaves, standShareRoles, TEAM_ERRORS } from '../../../../shared/people/teams';
import type { AppContext } from '../../../platform/context';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { conflict, forbidden } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { noteChange } from '../../audit/service';
import { dispatchEmails } from '../../emails/service';
import { assertCustomFieldValues, assertRequiredFilled, listCustomFields } from '../customFields/service';
import { creatingUser, ensureMember, joinTeam, queueWelcome } from '../placement/service';
import { peoplePolicy } from '../policy';
import { memberships, teams } from '../tables';
import { assertTeamTypeInEvent } from '../teamTypes/service';
import { findTeam, teamContext } from './queries';

type CreateTeam = z.output<typeof createTeamBodySchema>;
type UpdateTeam = z.output<typeof updateTeamBodySchema>;

/** Inserts a team with its owner (found or created), inside the caller's transaction. */
async function insertTeam(
  tx: DbOrTx,
  actor: Actor,
  input: CreateTeam,
  placement: { parentTeamId: string | null; standShareRole: 'none' | 'child'; parentTeamName?: string },
) {
  await assertTeamTypeInEvent(tx, actor.eventId, input.teamTypeId);
  await assertCustomFieldValues(tx, actor.eventId, input.customFields);
  const fields = await listCustomFields(tx, actor.eventId);
  // Every field starts at its default, as it would had the team existed when the field was added.
  const defaults = Object.fromEntries(fields.map((f) => [f.id, defaultCustomFieldValue(f.type)]));
  // Organisers fill in every field on the add-team form; a team owner adding a stand share sees none.
  if (peoplePolicy.manageTeams(actor)) assertRequiredFilled({ ...defaults, ...input.customFields }, fields);
  const owner = await ensureMember(tx, actor.eventId, input.owner, 'user', actor.accountId);
  const [team] = await tx
    .insert(teams)
    .values({
      eventId: actor.eventId,
      name: input.name,
      ownerId: owner.accountId,
      teamTypeId: input.teamTypeId,
      isOrganiser: input.isOrganiser,
      customFields: { ...defaults, ...input.customFields },
      parentTeamId: placement.parentTeamId,
      standShareRole: placement.standShareRole,
      createdBy: actor.accountId,
      updatedBy: actor.accountId,
    })
    .returning({ id: teams.id, ownerId: teams.ownerId });
  await joinTeam(tx, actor.eventId, owner.accountId, team.id, 'teamOwner', actor.accountId);
  const outboxIds = await queueWelcome(
    tx,
    actor.eventId,
    owner,
    actor.accountId,
    placement.parentTeamName === undefined
      ? { kind: 'team' }
      : { kind: 'standShareWelcome', teamName: input.name, parentTeamName: placement.parentTeamName },
  );
  return { team, outboxIds };
}

/** createTeam: the team, its owner's account and membership, and the owner's welcome email. */
export async function createTeam(ctx: AppContext, actor: Actor, input: CreateTeam) {
  const { team } = await creatingUser(() =>
    withTransaction(ctx.db, async (tx, effects) => {
      const created = await insertTeam(tx, actor, input, { parentTeamId: null, standShareRole: 'none' });
      effects.afterCommit(() => dispatchEmails(ctx, created.outboxIds));
      return created;
    }),
  );
  return team;
}

/** createStandShare: a child team under a parent; the parent becomes a parent, the new team a child. */
export async function createStandShare(
  ctx: AppContext,
  actor: Actor,
  parentTeamId: string,
  input: CreateTeam,
) {
  const { team } = await creatingUser(() =>
    withTransaction(ctx.db, async (tx, effects) => {
      const parent = await findTeam(tx, actor.eventId, parentTeamId, true);
      if (!peoplePolicy.addStandShare(actor, await teamContext(tx, actor, parent))) throw forbidden();
      const roles = standShareRoles(parent.standShareRole);
      if (!roles) throw conflict(TEAM_ERRORS.childCannotHaveChildren);
      const created = await insertTeam(
        tx,
        actor,
        // A stand share shares its parent's stand, so it takes the parent's type unless told otherwise.
        { ...input, teamTypeId: input.teamTypeId ?? parent.teamTypeId },
        { parentTeamId: parent.id, standShareRole: 'child', parentTeamName: parent.name },
      );
      await tx
        .update(teams)
        .set({ standShareRole: roles.parent, updatedBy: actor.accountId, updatedAt: new Date() })
        .where(and(eq(teams.eventId, actor.eventId), eq(teams.id, parent.id)));
      effects.afterCommit(() => dispatchEmails(ctx, created.outboxIds));
      return created;
    }),
  );
  return team;
}

export async function updateTeam(db: Db, actor: Actor, teamId: string, input: UpdateTeam): Promise<void> {
  await withTransaction(db, async (tx) => {
    const team = await findTeam(tx, actor.eventId, teamId, true);
    if (input.teamTypeId !== undefined) await assertTeamTypeInEvent(tx, actor.eventId, input.teamTypeId);
    await assertCustomFieldValues(tx, actor.eventId, input.customFields);
    // Checked only when values are sent, so renaming a team does not wait on a field added since.
    if (input.customFields) {
      const fields = await listCustomFields(tx, actor.eventId);
      assertRequiredFilled({ ...team.customFields, ...input.customFields }, fields);
    }
    const { customFields: values, ...rest } = input;
    await tx
      .update(teams)
      .set({
        ...rest,
        // Values sent are merged over the stored ones, so a form showing some fields keeps the others.
        ...(values ? { customFields: sql`${teams.customFields} || ${JSON.stringify(values)}::jsonb` } : {}),
        updatedBy: actor.accountId,
        updatedAt: new Date(),
      })
      .where(and(eq(teams.eventId, actor.eventId), eq(teams.id, teamId)));
    const customFields = values ? { ...team.customFields, ...values } : team.customFields;
    noteChange('teams', teamId, team, { ...team, ...rest, customFields });
  });
}

/**
 * deleteTeam. Refused to its own members ("Can't self delete") and while stand shares remain in it.
 * Its members stay in the event without a team; a parent left without children is a plain team again.
 */
export async function deleteTeam(db: Db, actor: Actor, teamId: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const team = await findTeam(tx, actor.eventId, teamId, true);
    const context = await teamContext(tx, actor, team);
    if (context.actorTeamId === team.id) throw forbidden(TEAM_ERRORS.selfDelete);
    const [{ children }] = await tx
      .select({ children: count() })
      .from(teams)
      .where(and(eq(teams.eventId, actor.eventId), eq(teams.parentTeamId, teamId)));
    if (children > 0) throw conflict(TEAM_ERRORS.hasStandShares);
    await tx
      .update(memberships)
      .set({ teamId: null, teamRole: null, updatedBy: actor.accountId, updatedAt: new Date() })
      .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.teamId, teamId)));
    await tx.delete(teams).where(and(eq(teams.eventId, actor.eventId), eq(teams.id, teamId)));
    if (team.parentTeamId) {
      const [{ left }] = await tx
        .select({ left: count() })
        .from(teams)
        .where(and(eq(teams.eventId, actor.eventId), eq(teams.parentTeamId, team.parentTeamId)));
      await tx
        .update(teams)
        .set({
          standShareRole: parentRoleAfterChildLeaves(left),
          updatedBy: actor.accountId,
          updatedAt: new Date(),
        })
        .where(and(eq(teams.eventId, actor.eventId), eq(teams.id, team.parentTeamId)));
    }
  });
}
