import { and, desc, eq, sql } from 'drizzle-orm';
import { readCache } from '../../platform/cache';
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/http/guards';
import { accounts } from '../auth/tables';
import { events } from '../events/tables';
import { memberships, teams } from '../people/tables';

/** What the scope guard makes the actor from: the caller's level, team and areas in an event. */
export type ScopeMembership = Pick<Actor, 'permissions' | 'teamId' | 'teamRole' | 'memberAreas'>;

/**
 * The caller's membership in an event, by `eventId:accountId`: read by the scope guard on every
 * event-scoped request, so cached like the session and the account's events (decisions 0003, 0042,
 * 0051). A write to a membership drops the entries, unless it sets only what the guard does not
 * read (the sign-in history, onboarding); deleting an event or an account removes its memberships
 * by cascade, and deleting a team empties its members' team by `set null`: no statement names
 * memberships then, so those deletes drop the entries too.
 */
const scopeMembershipCache = readCache.model<ScopeMembership>('scopeMembership', [
  {
    table: memberships,
    on: ['insert', 'update', 'delete'],
    unlessOnly: [
      memberships.hasLoggedIn,
      memberships.lastLoginInTime,
      memberships.isOnboarded,
      memberships.updatedAt,
      memberships.updatedBy,
    ],
  },
  { table: events, on: ['delete'] },
  { table: accounts, on: ['delete'] },
  { table: teams, on: ['delete'] },
]);

export async function findScopeMembership(
  db: DbOrTx,
  eventId: string,
  accountId: string,
): Promise<ScopeMembership | null> {
  return scopeMembershipCache.load(db, `${eventId}:${accountId}`, async () => {
    const [row] = await db
      .select({
        permissions: memberships.permissions,
        teamId: memberships.teamId,
        teamRole: memberships.teamRole,
        memberAreas: memberships.memberAreas,
      })
      .from(memberships)
      .where(and(eq(memberships.eventId, eventId), eq(memberships.accountId, accountId)))
      .limit(1);
    return row ?? null;
  });
}

/** An account's membership row in an event, or null: whether it belongs there, at which level. */
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
