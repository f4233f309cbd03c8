import { can, type Permission } from '../auth/permissions';

/**
 * Who may read a content page (spec: content is visible to a user only if not archived, published,
 * and either it has no allowed team types or the user's team type is listed; child stand-share
 * teams only when the page is shown to stand shares). Moderators and above see every page.
 */

export type StandShareRole = 'none' | 'parent' | 'child';

export interface ContentViewer {
  level: Permission;
  /** Null when the viewer is in no team (or the team has no type). */
  teamTypeId: string | null;
  standShareRole: StandShareRole;
}

export interface VisiblePageFields {
  isArchived: boolean;
  isPublished: boolean;
  isPublic: boolean;
  allowedTeamTypeIds: readonly string[];
  showToChildTeams: boolean;
}

export function seesAllContent(viewer: ContentViewer): boolean {
  return can(viewer.level, 'moderator');
}

export function canSeeContent(page: VisiblePageFields, viewer: ContentViewer): boolean {
  if (seesAllContent(viewer)) return true;
  if (page.isArchived || !page.isPublished) return false;
  const matchesTeamType =
    page.allowedTeamTypeIds.length === 0 ||
    (viewer.teamTypeId !== null && page.allowedTeamTypeIds.includes(viewer.teamTypeId));
  if (!matchesTeamType) return false;
  return viewer.standShareRole !== 'child' || page.showToChildTeams;
}

/**
 * A guest (no account) sees a page only when it is public (spec), and, as for everyone else, only
 * while it is published and not archived: unpublishing or archiving takes it off the web at once.
 */
export function canGuestSeeContent(page: VisiblePageFields): boolean {
  return page.isPublic && page.isPublished && !page.isArchived;
}

/** Readers never see unpublished sections (spec), whoever they are. */
export function readableSections<S extends { isPublished: boolean }>(sections: readonly S[]): S[] {
  return sections.filter((section) => section.isPublished);
}
