import { and, count, eq, ne } from 'drizzle-orm';
import type { Permission } from '../../../../shared/auth/permissions';
import { TEAM_ERRORS } from '../../../../shared/people/teams';
import { canDeleteUser, canSetPermission, USER_ERRORS } from '../../../../shared/people/users';
import type { AppContext } from '../../../platform/context';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { noteChange } from '../../audit/service';
import { endAllSessions } from '../../auth/sessions/service';
import { accounts } from '../../auth/tables';
import { dispatchEmails } from '../../emails/service';
import { memberships, teams } from '../tables';
import { queueWelcomeChaser } from '../welcome/email';
import { runUserTransfers } from './transfer/service';

/** A member of the actor's event, locked for the change; 404 for anyone else (another event's too). */
async function findEventUser(tx: DbOrTx, eventId: string, accountId: string) {
  const [row] = await tx
    .select({
      accountId: memberships.accountId,
      permissions: memberships.permissions,
      teamId: memberships.teamId,
      hasLoggedIn: memberships.hasLoggedIn,
      firstName: accounts.firstName,
      email: accounts.email,
      passwordHash: accounts.passwordHash,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)))
    .limit(1)
    .for('update', { of: memberships });
  if (!row) throw notFound(USER_ERRORS.userNotFound);
  return row;
}

/** Changes a user's permission level in the event: never one's own, never above one's own level. */
export async function changePermission(
  db: Db,
  actor: Actor,
  userId: string,
  next: Permission,
): Promise<void> {
  if (userId === actor.accountId) throw forbidden(USER_ERRORS.ownPermission);
  await withTransaction(db, async (tx) => {
    const user = await findEventUser(tx, actor.eventId, userId);
    if (!canSetPermission(actor.permissions, user.permissions, next)) throw forbidden();
    await tx
      .update(memberships)
      .set({ permissions: next, updatedBy: actor.accountId, updatedAt: new Date() })
      .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, userId)));
    noteChange('users', userId, { permissions: user.permissions }, { permissions: next });
  });
}

/** sendWelcomeChaser: only for someone who has never signed in to this event. */
export async function resendWelcome(ctx: AppContext, actor: Actor, userId: string): Promise<void> {
  await withTransaction(ctx.db, async (tx, effects) => {
    const user = await findEventUser(tx, actor.eventId, userId);
    if (user.hasLoggedIn) throw conflict(USER_ERRORS.alreadySignedIn);
    const outboxId = await queueWelcomeChaser(
      tx,
      actor.eventId,
      {
        accountId: user.accountId,
        firstName: user.firstName,
        email: user.email,
        hasPassword: Boolean(user.passwordHash),
      },
      actor.accountId,
    );
    effects.afterCommit(() => dispatchEmails(ctx, [outboxId]));
  });
}

/** The team the deleted user owns passes to the successor, who must be in that team or in none. */
async function transferTeamOwnership(
  tx: DbOrTx,
  actor: Actor,
  from: { accountId: string; teamId: string | null },
  to: { accountId: string; teamId: string | null },
): Promise<void> {
  const owned = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.eventId, actor.eventId), eq(teams.ownerId, from.accountId)));
  if (owned.length === 0) return;
  // One team per member: a successor in another team cannot take this one over.
  if (owned.length > 1 || (to.teamId && to.teamId !== owned[0].id)) throw conflict(TEAM_ERRORS.alreadyInTeam);
  const now = new Date();
  await tx
    .update(teams)
    .set({ ownerId: to.accountId, updatedBy: actor.accountId, updatedAt: now })
    .where(and(eq(teams.eventId, actor.eventId), eq(teams.id, owned[0].id)));
  await tx
    .update(memberships)
    .set({ teamId: owned[0].id, teamRole: 'teamOwner', updatedBy: actor.accountId, updatedAt: now })
    .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, to.accountId)));
}

/**
 * deleteUser with cleanupAndTransferUser: the user leaves the event, their team ownership (and
 * whatever other areas registered: tasks, submissions) passes to the chosen user, all in one
 * transaction. An account left in no event is deleted with its sessions and links.
 */
/** Resolves true when the account itself went too (it belonged to no other event). */
export async function deleteUser(
  db: Db,
  actor: Actor,
  userId: string,
  transferToId: string,
): Promise<boolean> {
  if (userId === actor.accountId) throw forbidden(USER_ERRORS.selfDelete);
  if (transferToId === userId) throw badRequest(USER_ERRORS.userIdNotValid);
  const accountDeleted = await withTransaction(db, async (tx) => {
    const user = await findEventUser(tx, actor.eventId, userId);
    if (!canDeleteUser(actor.permissions, user.permissions)) throw forbidden();
    const successor = await findEventUser(tx, actor.eventId, transferToId).catch(() => {
      throw badRequest(USER_ERRORS.userIdNotValid);
    });
    await transferTeamOwnership(tx, actor, user, successor);
    await runUserTransfers(tx, { eventId: actor.eventId, fromAccountId: userId, toAccountId: transferToId });
    await tx
      .delete(memberships)
      .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, userId)));
    const [{ others }] = await tx
      .select({ others: count() })
      .from(memberships)
      .where(and(eq(memberships.accountId, userId), ne(memberships.eventId, actor.eventId)));
    if (others > 0) return false;
    await endAllSessions(tx, userId);
    await tx.delete(accounts).where(eq(accounts.id, userId));
    return true;
  });
  return accountDeleted;
}
