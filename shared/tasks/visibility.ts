import { can, type Permission } from '../auth/permissions';
import type { Task } from './schema';

/**
 * Which tasks a viewer sees (spec: task visibility). Moderators and organiser-team members see all
 * tasks; others see tasks with no team type restriction or restricted to their team type; a child
 * stand-share team sees only those, and only when the task is shown to child teams.
 */

export type StandShareRole = 'none' | 'parent' | 'child';

export interface TaskViewer {
  level: Permission;
  /** The viewer's team carries the isOrganiser flag. */
  isOrganiserTeam: boolean;
  teamTypeId: string | null;
  standShareRole: StandShareRole;
}

export type VisibleTaskFields = Pick<Task, 'teamTypeIds' | 'showToChildTeams'>;

/** Viewers who see every task whatever its restrictions (they run the event). */
export function seesAllTasks(viewer: TaskViewer): boolean {
  return can(viewer.level, 'moderator') || viewer.isOrganiserTeam;
}

export function canSeeTask(task: VisibleTaskFields, viewer: TaskViewer): boolean {
  if (seesAllTasks(viewer)) return true;
  const matchesTeamType =
    task.teamTypeIds.length === 0 ||
    (viewer.teamTypeId !== null && task.teamTypeIds.includes(viewer.teamTypeId));
  if (!matchesTeamType) return false;
  return viewer.standShareRole !== 'child' || task.showToChildTeams;
}

/**
 * The tasks a team's list shows: visible and not archived. Archived tasks live on the admin
 * archived screen only, so even viewers who see all tasks do not get them in a team list.
 */
export function tasksForViewer<T extends VisibleTaskFields & Pick<Task, 'isArchived'>>(
  tasks: readonly T[],
  viewer: TaskViewer,
): T[] {
  return tasks.filter((task) => !task.isArchived && canSeeTask(task, viewer));
}

export interface RestrictionLabel {
  label: 'Restricted';
  detail: string;
}

/** Spec: a task restricted by team type shows 'Restricted' and 'only applicable to N team type(s)'. */
export function restrictionLabel(task: Pick<Task, 'teamTypeIds'>): RestrictionLabel | null {
  // Count distinct ids: a repeated id (from a bad import) must not inflate the number shown.
  const count = new Set(task.teamTypeIds).size;
  if (count === 0) return null;
  return { label: 'Restricted', detail: `only applicable to ${count} team type(s)` };
}
