import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserListResponse, userListQuerySchema } from '../../../shared/people/schema';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import type { DbOrTx } from '../../platform/db/client';
import { containing } from '../../platform/db/search';
import { accounts } from '../auth/tables';
import { memberships, teams } from './tables';

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
