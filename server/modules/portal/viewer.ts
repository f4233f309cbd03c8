import { and, eq } from 'drizzle-orm';
import type { Permission } from '../../../shared/auth/permissions';
import type { DbOrTx } from '../../platform/db/client';
import type { Actor } from '../../platform/http/guards';
import { memberships, teams } from '../people/tables';

/** What visibility rules need to know of a member: level, team type and stand-share role. */
export interface PortalViewer {
  level: Permission;
  teamTypeId: string | null;
  standShareRole: 'none' | 'parent' | 'child';
}

/** The viewer behind a request; a member without a team has no team type and no stand share. */
export async function viewerOf(db: DbOrTx, actor: Pick<Actor, 'eventId' | 'accountId' | 'permissions'>) {
  const [row] = await db
    .select({ teamTypeId: teams.teamTypeId, standShareRole: teams.standShareRole })
    .from(memberships)
    .innerJoin(teams, and(eq(teams.id, memberships.teamId), eq(teams.eventId, actor.eventId)))
    .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, actor.accountId)))
    .limit(1);
  return {
    level: actor.permissions,
    teamTypeId: row?.teamTypeId ?? null,
    standShareRole: row?.standShareRole ?? 'none',
  } satisfies PortalViewer;
}
