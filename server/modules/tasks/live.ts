import { AREA_LEVELS } from '../../../shared/auth/permissions';
import type { AppContext } from '../../platform/context';
import type { Effects } from '../../platform/db/transaction';
import type { LiveAudience } from '../../platform/live/audience';
import { publishLive } from '../../platform/live/publish';

/**
 * The live signals of a team's work on tasks (issue 21, live screens). A team's status on a task
 * is read by that team's members, by organisers (the status table: moderator and above) and by
 * report viewers (every report shows statuses); its conversation by the team and organisers only
 * (shared/tasks/comments.ts canReadThread: a report viewer reads no other team's thread). Nobody
 * else hears of a change. A signal names what changed, never the change: each screen refetches
 * through its own authorised route.
 */
export function statusReaders(teamIds: readonly string[]): LiveAudience {
  return { teamIds: [...new Set(teamIds)], minLevel: AREA_LEVELS.reports };
}

export function threadReaders(teamId: string): LiveAudience {
  return { teamIds: [teamId], minLevel: AREA_LEVELS.tasks };
}

/** Once the change has committed: the statuses (progress, approval) of these teams changed. */
export function signalStatusesAfterCommit(
  ctx: AppContext,
  effects: Effects,
  eventId: string,
  teamIds: readonly string[],
): void {
  if (teamIds.length === 0) return;
  effects.afterCommit(() => publishLive(ctx, eventId, statusReaders(teamIds), { type: 'taskStatuses' }));
}

/** Once the change has committed: a comment of this team's thread was added, liked, pinned or removed. */
export function signalCommentsAfterCommit(
  ctx: AppContext,
  effects: Effects,
  eventId: string,
  teamId: string,
): void {
  effects.afterCommit(() => publishLive(ctx, eventId, threadReaders(teamId), { type: 'comments' }));
}
