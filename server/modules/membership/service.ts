import { and, eq } from 'drizzle-orm';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import type { Permission } from '../../../shared/auth/permissions';
import type { DbOrTx } from '../../platform/db/client';
import { withTransaction } from '../../platform/db/transaction';
import { authError } from '../../platform/http/errors';
import { memberships } from '../people/tables';

/**
 * Makes an account a member of an event at a permission level; 409 'auth/email-already-in-use'
 * when it already is one.
 */
export async function addMembership(
  tx: DbOrTx,
  input: { eventId: string; accountId: string; permissions: Permission },
  actor: string,
): Promise<void> {
  const inserted = await tx
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
  if (inserted.length === 0) {
    throw authError(409, 'auth/email-already-in-use', AUTH_ERROR_MESSAGES['auth/email-already-in-use']);
  }
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
