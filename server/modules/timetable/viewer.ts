import { and, eq } from 'drizzle-orm';
import type { Permission } from '../../../shared/auth/permissions';
import type { SessionViewer } from '../../../shared/timetable/visibility';
import type { DbOrTx } from '../../platform/db/client';
import { memberships, teams } from '../people/tables';
import { readPortalDoc } from '../portal/documents';

/** What the session rule needs of a member: level, organiser team, team type and stand-share role. */
export async function sessionViewerOf(
  db: DbOrTx,
  member: { eventId: string; accountId: string; permissions: Permission },
): Promise<SessionViewer> {
  const [row] = await db
    .select({
      isOrganiser: teams.isOrganiser,
      teamTypeId: teams.teamTypeId,
      standShareRole: teams.standShareRole,
    })
    .from(memberships)
    .innerJoin(teams, and(eq(teams.id, memberships.teamId), eq(teams.eventId, member.eventId)))
    .where(and(eq(memberships.eventId, member.eventId), eq(memberships.accountId, member.accountId)))
    .limit(1);
  return {
    level: member.permissions,
    isOrganiserTeam: row?.isOrganiser ?? false,
    teamTypeId: row?.teamTypeId ?? null,
    standShareRole: row?.standShareRole ?? 'none',
  };
}

/** The Time Table core page's published flag (unpublished by default, spec). */
export async function isTimeTablePublished(db: DbOrTx, eventId: string): Promise<boolean> {
  return (await readPortalDoc(db, eventId, 'corePages')).timeTable.isPublished;
}
