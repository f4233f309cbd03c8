import { and, eq } from 'drizzle-orm';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import type { Permission } from '../../../shared/auth/permissions';
import type { DbOrTx } from '../../platform/db/client';
import { withTransaction } from '../../platform/db/transaction';
import { authError } from '../../platform/http/errors';
import { memberships } from '../people/tables';

/** The answer when an account is already a member of the event it is being added to. */
export const alreadyInEvent = () =>
  authError(409, 'auth/email-already-in-use', AUTH_ERROR_MESSAGES['auth/email-already-in-use']);

/**
 * The insert of a membership, returning its account id, or no row when the account is already a
 * member: a query, for a caller that runs it inside a larger statement (the team import).
 */
export function membershipInsert(
  tx: DbOrTx,
  input: { eventId: string; accountId: string; permissions: Permission },
  actor: string,
) {
  return tx
    .insert(memberships)
    .values({
      eventId: input.eventId,
      accountId: input.accountId,
      permissions: input.permissions,
      createdBy: actor,
      updatedBy: actor,
    })
    .onConflictDoNothing()
    .returning({ accountId: memberships.accountId });
}

/** Makes an account a member of an event at a permission level; 409 (alreadyInEvent) if it is one. */
export async function addMembership(
  tx: DbOrTx,
  input: { eventId: string; accountId: string; permissions: Permission },
  actor: string,
): Promise<void> {
  const inserted = await membershipInsert(tx, input, actor);
  if (inserted.length === 0) throw alreadyInEvent();
}

/** Marks a sign-in to an event on the membership (hasLoggedIn, lastLoginInTime). */
export async function recordLogin(db: DbOrTx, eventId: string, accountId: string): Promise<void> {
  const now = new Date();
  await db
    .update(memberships)
    .set({ hasLoggedIn: true, lastLoginInTime: now })
    .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)));
}

/**
 * The welcome screen is shown once: Continue marks the membership. Nothing cached holds
 * isOnboarded (the shell reads the membership every time), so there is nothing to forget.
 */
export async function markOnboarded(db: DbOrTx, eventId: string, accountId: string): Promise<void> {
  return withTransaction(db, async (db) => {
    await db
      .update(memberships)
      .set({ isOnboarded: true, updatedBy: accountId, updatedAt: new Date() })
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)));
  });
}
