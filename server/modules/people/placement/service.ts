import { and, eq } from 'drizzle-orm';
import type { Permission } from '../../../../shared/auth/permissions';
import type { PersonInput } from '../../../../shared/people/schema';
import { TEAM_ERRORS, type TeamRole } from '../../../../shared/people/teams';
import type { DbOrTx } from '../../../platform/db/client';
import { AppError, conflict } from '../../../platform/http/errors';
import { addUserToEvent } from '../../auth/accounts/service';
import { queueTokenEmail } from '../../auth/recovery/service';
import { accounts } from '../../auth/tables';
import { memberships } from '../tables';
import { queueExistingWelcome } from '../welcome/email';

type Person = Required<PersonInput>;

/**
 * The account for a person about to join a team, found by email or created, with its membership
 * of the event. A person already in the event without a team is reused; one already in a team is
 * refused, since a member belongs to one team.
 */
export async function ensureMember(
  tx: DbOrTx,
  eventId: string,
  person: Person,
  permissions: Permission,
  actor: string,
): Promise<{
  accountId: string;
  needsPassword: boolean;
  firstName: string;
  email: string;
  existingAccount: boolean;
}> {
  const email = person.email.trim().toLowerCase();
  const [existing] = await tx
    .select({
      accountId: accounts.id,
      firstName: accounts.firstName,
      passwordHash: accounts.passwordHash,
      teamId: memberships.teamId,
      isMember: memberships.eventId,
    })
    .from(accounts)
    .leftJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.eventId, eventId)))
    .where(eq(accounts.email, email))
    .limit(1);
  if (existing?.isMember) {
    if (existing.teamId) throw conflict(TEAM_ERRORS.alreadyInTeam);
    return {
      accountId: existing.accountId,
      needsPassword: !existing.passwordHash,
      firstName: existing.firstName,
      email,
      existingAccount: true,
    };
  }
  const added = await addUserToEvent(
    tx,
    { eventId, email, firstName: person.firstName, surname: person.surname, permissions },
    actor,
  );
  return {
    ...added,
    firstName: existing?.firstName ?? person.firstName.trim(),
    email,
    existingAccount: Boolean(existing),
  };
}

/** Puts a member of the event into a team with a role. */
export async function joinTeam(
  tx: DbOrTx,
  eventId: string,
  accountId: string,
  teamId: string,
  role: TeamRole,
  actor: string,
): Promise<void> {
  await joinTeamQuery(tx, eventId, accountId, teamId, role, actor);
}

/** joinTeam as a query, for a caller that runs it inside a larger statement (the team import). */
export function joinTeamQuery(
  tx: DbOrTx,
  eventId: string,
  accountId: string,
  teamId: string,
  role: TeamRole,
  actor: string,
) {
  return tx
    .update(memberships)
    .set({ teamId, teamRole: role, updatedBy: actor, updatedAt: new Date() })
    .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)));
}

/**
 * Why someone was placed: the owner of a new team (the welcome), a member added to a team (the
 * welcome team member), or the owner of a new stand share (the stand share welcome).
 */
export type Placement =
  | { kind: 'team' }
  | { kind: 'welcomeTeamMember'; teamName: string }
  | { kind: 'standShareWelcome'; teamName: string; parentTeamName: string };

/**
 * The welcome for someone just placed in the event: a set-password link, in the words of why they
 * were placed, when the account has no password yet; the existing-user welcome (a sign-in link,
 * naming the team) when an account that already had a password was added. Returns the outbox ids
 * to dispatch after commit.
 */
export async function queueWelcome(
  tx: DbOrTx,
  eventId: string,
  person: {
    accountId: string;
    needsPassword: boolean;
    firstName: string;
    email: string;
    existingAccount?: boolean;
  },
  actor: string,
  placement: Placement = { kind: 'team' },
): Promise<string[]> {
  if (!person.needsPassword) {
    return person.existingAccount ? [await queueExistingWelcome(tx, eventId, person, actor)] : [];
  }
  const { kind, ...names } = placement;
  const id = await queueTokenEmail(tx, {
    accountId: person.accountId,
    eventId,
    mode: 'setPassword',
    to: person.email,
    firstName: person.firstName,
    actor,
    ...(kind === 'team' ? {} : { kind, ...names }),
  });
  return [id];
}

/**
 * Runs a creation that may make an account (createTeam, createStandShare, createTeamMember). Its
 * transaction rolls back on any failure, which removes the account it created (the spec's cleanup);
 * a failure that is not one of our answers is reported in the spec's words.
 */
export async function creatingUser<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The cause stays attached for the log; the caller sees the spec's message.
    const failure = new AppError(500, 'identity/create-failed', TEAM_ERRORS.createUserFailed);
    failure.cause = err;
    throw failure;
  }
}
