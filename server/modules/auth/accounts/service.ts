import { eq } from 'drizzle-orm';
import type { Permission } from '../../../../shared/auth/permissions';
import type { DbOrTx } from '../../../platform/db/client';
import { addMembership } from '../../membership/service';
import { assertStrongPassword, hashPassword } from '../passwords/service';
import { accounts } from '../tables';

export type NewUser = {
  eventId: string;
  email: string;
  firstName: string;
  surname: string;
  permissions: Permission;
  password?: string;
};

/**
 * The account of an email: created, or reused when the email already has one (one account can
 * belong to several events); a password given for a reused account without one is set. Returns
 * whether the account still has no password, so the caller can send a set-password link.
 */
export async function ensureAccount(
  tx: DbOrTx,
  input: Pick<NewUser, 'email' | 'firstName' | 'surname' | 'password'>,
  actor: string,
): Promise<{ accountId: string; needsPassword: boolean; existingAccount: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (input.password) assertStrongPassword(input.password);
  const [existing] = await tx.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  if (existing) {
    if (input.password && !existing.passwordHash) {
      await tx
        .update(accounts)
        .set({ passwordHash: await hashPassword(input.password), updatedBy: actor, updatedAt: new Date() })
        .where(eq(accounts.id, existing.id));
    }
    return {
      accountId: existing.id,
      needsPassword: !existing.passwordHash && !input.password,
      existingAccount: true,
    };
  }
  const [created] = await accountInsert(
    tx,
    {
      email,
      firstName: input.firstName.trim(),
      surname: input.surname.trim(),
      passwordHash: input.password ? await hashPassword(input.password) : null,
    },
    actor,
  ).returning({ id: accounts.id });
  return { accountId: created.id, needsPassword: !input.password, existingAccount: false };
}

/**
 * The insert of a new account (email already lower-case and trimmed): a query, for ensureAccount
 * and for a caller that runs it inside a larger statement (the team import).
 */
export function accountInsert(
  tx: DbOrTx,
  input: { id?: string; email: string; firstName: string; surname: string; passwordHash: string | null },
  actor: string,
) {
  return tx.insert(accounts).values({ ...input, createdBy: actor, updatedBy: actor });
}

/**
 * Adds a person to an event: the account (ensureAccount), then its membership through the
 * membership core; 409 'auth/email-already-in-use' when the account is in the event already.
 */
export async function addUserToEvent(
  tx: DbOrTx,
  input: NewUser,
  actor: string,
): Promise<{ accountId: string; needsPassword: boolean; existingAccount: boolean }> {
  const account = await ensureAccount(tx, input, actor);
  await addMembership(
    tx,
    { eventId: input.eventId, accountId: account.accountId, permissions: input.permissions },
    actor,
  );
  return account;
}
