import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import type { Permission } from '../../../shared/auth/permissions';
import type { UserListResponse, userListQuerySchema } from '../../../shared/people/schema';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { DbOrTx } from '../../platform/db/client';
import { containing } from '../../platform/db/search';
import { authError } from '../../platform/http/errors';
import { assertStrongPassword, hashPassword } from '../auth/passwords/service';
import { accounts } from '../auth/tables';
import { memberships, teams } from './tables';

export type NewUser = {
  eventId: string;
  email: string;
  firstName: string;
  surname: string;
  permissions: Permission;
  password?: string;
};

/**
 * Adds a person to an event: the account is created, or reused when the email already has one
 * (one account can belong to several events). Returns whether the account is new and has no
 * password yet, so the caller can send a set-password link.
 */
export async function addUserToEvent(
  tx: DbOrTx,
  input: NewUser,
  actor: string,
): Promise<{ accountId: string; needsPassword: boolean; existingAccount: boolean }> {
  const email = input.email.trim().toLowerCase();
  if (input.password) assertStrongPassword(input.password);
  const [existing] = await tx.select().from(accounts).where(eq(accounts.email, email)).limit(1);
  let accountId: string;
  let needsPassword: boolean;
  if (existing) {
    accountId = existing.id;
    needsPassword = !existing.passwordHash && !input.password;
    if (input.password && !existing.passwordHash) {
      await tx
        .update(accounts)
        .set({ passwordHash: await hashPassword(input.password), updatedBy: actor, updatedAt: new Date() })
        .where(eq(accounts.id, accountId));
    }
  } else {
    const [created] = await tx
      .insert(accounts)
      .values({
        email,
        firstName: input.firstName.trim(),
        surname: input.surname.trim(),
        passwordHash: input.password ? await hashPassword(input.password) : null,
        createdBy: actor,
        updatedBy: actor,
      })
      .returning({ id: accounts.id });
    accountId = created.id;
    needsPassword = !input.password;
  }
  const inserted = await tx
    .insert(memberships)
    .values({
      eventId: input.eventId,
      accountId,
      permissions: input.permissions,
      createdBy: actor,
      updatedBy: actor,
    })
    .onConflictDoNothing()
    .returning({ accountId: memberships.accountId });
  if (inserted.length === 0) {
    throw authError(409, 'auth/email-already-in-use', AUTH_ERROR_MESSAGES['auth/email-already-in-use']);
  }
  return { accountId, needsPassword, existingAccount: Boolean(existing) };
}

type UserListQuery = z.output<typeof userListQuerySchema>;

const SORT_COLUMNS = {
  firstName: [accounts.firstName, accounts.surname],
  surname: [accounts.surname, accounts.firstName],
  email: [accounts.email],
  permissions: [memberships.permissions, accounts.firstName],
  lastLoginInTime: [memberships.lastLoginInTime, accounts.firstName],
} as const;

/** One page of an event's users, sorted and filtered in the database. */
export async function listUsers(
  db: DbOrTx,
  eventId: string,
  query: UserListQuery,
): Promise<UserListResponse> {
  const filters = [eq(memberships.eventId, eventId)];
  if (query.permissions) filters.push(eq(memberships.permissions, query.permissions));
  if (query.notLoggedIn) filters.push(eq(memberships.hasLoggedIn, false));
  if (query.teamId) filters.push(eq(memberships.teamId, query.teamId));
  if (query.search) {
    const term = containing(query.search);
    const match = or(
      ilike(accounts.firstName, term),
      ilike(accounts.surname, term),
      ilike(accounts.email, term),
      ilike(sql`${accounts.firstName} || ' ' || ${accounts.surname}`, term),
    );
    if (match) filters.push(match);
  }
  const where = and(...filters);
  const direction = query.order === 'desc' ? desc : asc;
  const order = [...SORT_COLUMNS[query.sort].map((c) => direction(c)), asc(accounts.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: accounts.id,
        firstName: accounts.firstName,
        surname: accounts.surname,
        email: accounts.email,
        permissions: memberships.permissions,
        hasLoggedIn: memberships.hasLoggedIn,
        lastLoginInTime: memberships.lastLoginInTime,
        teamId: memberships.teamId,
        teamName: teams.name,
        teamRole: memberships.teamRole,
      })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .leftJoin(teams, and(eq(teams.eventId, eventId), eq(teams.id, memberships.teamId)))
      .where(where)
      .orderBy(...order)
      .limit(TABLE_PAGE_SIZE)
      .offset((query.page - 1) * TABLE_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, lastLoginInTime: r.lastLoginInTime?.toISOString() ?? null })),
    total,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
  };
}

/** Marks a sign-in to an event on the membership (hasLoggedIn, lastLoginInTime). */
export async function recordLogin(db: DbOrTx, eventId: string, accountId: string): Promise<void> {
  const now = new Date();
  await db
    .update(memberships)
    .set({ hasLoggedIn: true, lastLoginInTime: now })
    .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)));
}

export async function findMembership(db: DbOrTx, eventId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** The event an account lands in: the one it used last, else the newest it joined. */
export async function defaultEventId(db: DbOrTx, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ eventId: memberships.eventId })
    .from(memberships)
    .where(eq(memberships.accountId, accountId))
    .orderBy(sql`${memberships.lastLoginInTime} desc nulls last`, desc(memberships.createdAt))
    .limit(1);
  return row?.eventId ?? null;
}
