import { type TaskGroup, UNASSIGNED_GROUP_ID } from './schema';

/**
 * Lists group tasks by task group (spec: a virtual Unassigned group holds tasks in no group).
 * Callers pass the tasks the viewer may see, so a group never reveals a task by its id.
 */

export interface TaskGroupSection<T> {
  groupId: string;
  title: string;
  tasks: T[];
}

export const UNASSIGNED_GROUP_TITLE = 'Unassigned';

/**
 * Groups in the given order, each with its tasks in the group's order; then Unassigned with the
 * rest by title (the spec's default task sort). Archived groups and groups left empty are omitted.
 */
export function groupTasks<T extends { id: string; title: string }>(
  groups: readonly Pick<TaskGroup, 'id' | 'title' | 'taskIds' | 'isArchived'>[],
  tasks: readonly T[],
): TaskGroupSection<T>[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const placed = new Set<string>();
  const sections: TaskGroupSection<T>[] = [];
  for (const group of groups) {
    if (group.isArchived) continue;
    const inGroup = group.taskIds.flatMap((taskId) => byId.get(taskId) ?? []);
    for (const task of inGroup) placed.add(task.id);
    if (inGroup.length > 0) sections.push({ groupId: group.id, title: group.title, tasks: inGroup });
  }
  const rest = tasks.filter((task) => !placed.has(task.id)).sort((a, b) => a.title.localeCompare(b.title));
  if (rest.length > 0)
    sections.push({ groupId: UNASSIGNED_GROUP_ID, title: UNASSIGNED_GROUP_TITLE, tasks: rest });
  return sections;
}
