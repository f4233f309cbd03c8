import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Permission } from '../../../shared/auth/permissions';
import { canSeeContent } from '../../../shared/content/visibility';
import type { ContentOption } from '../../../shared/portal/api';
import type { ContentLink } from '../../../shared/portal/sidebar';
import type { DbOrTx } from '../../platform/db/client';
import type { EventScope } from '../../platform/http/actor';
import type { Actor } from '../../platform/http/guards';
import { contentPages, contentPageWithTeamTypes } from '../content/tables';
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

/**
 * Content pages as the portal's structure refers to them (by id, with title and icon). Read-only
 * queries on the content area's table; archived pages are never offered or shown.
 */

const live = (eventId: string) => and(eq(contentPages.eventId, eventId), eq(contentPages.isArchived, false));

/** Every page an admin may place in the sidebar, feature or link a card to, by title. */
export async function listContentOptions(db: DbOrTx, scope: EventScope): Promise<ContentOption[]> {
  const { eventId } = scope;
  return db
    .select({
      id: contentPages.id,
      title: contentPages.title,
      icon: contentPages.icon,
      isPublished: contentPages.isPublished,
    })
    .from(contentPages)
    .where(live(eventId))
    .orderBy(asc(contentPages.title), asc(contentPages.id));
}

/** Which of these ids are live pages of this event (another event's ids are simply absent). */
export async function existingContentIds(
  db: DbOrTx,
  scope: EventScope,
  ids: readonly string[],
): Promise<Set<string>> {
  const { eventId } = scope;
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(and(live(eventId), inArray(contentPages.id, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id));
}

/** The pages a viewer may open (spec: content visibility), with what links to them need. */
export async function visibleContent(
  db: DbOrTx,
  scope: EventScope,
  viewer: PortalViewer,
): Promise<(ContentLink & { description: string; assetId: string | null })[]> {
  const { eventId } = scope;
  const rows = await db
    .select({
      id: contentPages.id,
      assetId: contentPages.assetId,
      title: contentPages.title,
      icon: contentPages.icon,
      description: contentPages.description,
      isArchived: contentPages.isArchived,
      isPublished: contentPages.isPublished,
      isPublic: contentPages.isPublic,
      allowedTeamTypeIds: contentPageWithTeamTypes.allowedTeamTypeIds,
      showToChildTeams: contentPages.showToChildTeams,
    })
    .from(contentPages)
    .where(live(eventId));
  return rows
    .filter((page) => canSeeContent(page, viewer) && page.isPublished)
    .map(({ id, title, icon, description, assetId }) => ({ id, title, icon, description, assetId }));
}
