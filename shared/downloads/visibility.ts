import { can, type Permission } from '../auth/permissions';

/**
 * Which downloads a viewer sees (spec: downloads can be limited by team type, show to and hide
 * from, and to child teams). Moderators and above manage downloads, so they see every one; others
 * see a download only when it is shown (showDownload), its show-to list is empty or holds their
 * team type, its hide-from list does not hold their team type, and, for a child stand-share team,
 * only when it is shown to stand shares.
 */
export interface DownloadViewer {
  level: Permission;
  teamTypeId: string | null;
  standShareRole: 'none' | 'parent' | 'child';
}

export interface VisibleDownloadFields {
  showDownload: boolean;
  showToChildTeams: boolean;
  showToTeamTypeIds: readonly string[];
  hideFromTeamTypeIds: readonly string[];
}

export function canSeeDownload(download: VisibleDownloadFields, viewer: DownloadViewer): boolean {
  if (can(viewer.level, 'moderator')) return true;
  if (!download.showDownload) return false;
  const type = viewer.teamTypeId;
  if (
    download.showToTeamTypeIds.length > 0 &&
    (type === null || !download.showToTeamTypeIds.includes(type))
  ) {
    return false;
  }
  if (type !== null && download.hideFromTeamTypeIds.includes(type)) return false;
  return viewer.standShareRole !== 'child' || download.showToChildTeams;
}

/** Spec: a restricted item shows 'Restricted' and 'only applicable to N team type(s)'. */
export function downloadRestriction(download: Pick<VisibleDownloadFields, 'showToTeamTypeIds'>) {
  const count = new Set(download.showToTeamTypeIds).size;
  return count === 0
    ? null
    : { label: 'Restricted' as const, detail: `only applicable to ${count} team type(s)` };
}
