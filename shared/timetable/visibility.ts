import { canSeeTask, restrictionLabel, seesAllTasks, type TaskViewer } from '../tasks/visibility';

/**
 * Who sees a session. The same rule as tasks (shared/tasks/visibility.ts), applied to the same two
 * fields, so an organiser who restricts a task and its briefing to one team type gets the same
 * audience for both: moderators and the organiser's own team see every session; others see a
 * session with no team type restriction or restricted to their type; a child stand share only when
 * the session is shown to stand shares.
 */
export type SessionViewer = TaskViewer;

export interface VisibleSessionFields {
  teamTypeIds: string[];
  showToChildTeams: boolean;
}

export function canSeeSession(session: VisibleSessionFields, viewer: SessionViewer): boolean {
  return canSeeTask(session, viewer);
}

/**
 * The time table is a core page, unpublished by default: until it is published only those who see
 * every session (they are preparing it) see any.
 */
export function sessionsForViewer<T extends VisibleSessionFields>(
  sessions: readonly T[],
  viewer: SessionViewer,
  isTimeTablePublished: boolean,
): T[] {
  if (!isTimeTablePublished && !seesAllTasks(viewer)) return [];
  return sessions.filter((session) => canSeeSession(session, viewer));
}

/** Spec wording shared with tasks: 'Restricted', 'only applicable to N team type(s)'. */
export function sessionRestriction(session: Pick<VisibleSessionFields, 'teamTypeIds'>) {
  return restrictionLabel(session);
}
