import type { TaskDetail, TaskRow } from '../../../shared/tasks/api';
import type { tasks } from './tables';

/** Rows of the tasks table as the API shows them. */
type TaskRecord = typeof tasks.$inferSelect;

export function presentTaskRow(task: TaskRecord, groupTitle: string | null): TaskRow {
  return {
    id: task.id,
    title: task.title,
    dueDate: task.dueDate,
    type: task.type,
    groupId: task.groupId,
    groupTitle,
    isArchived: task.isArchived,
    isApprovalNeeded: task.isApprovalNeeded,
    isRequired: task.isRequired,
    teamTypeIds: task.teamTypeIds,
  };
}

export function presentTaskDetail(task: TaskRecord, groupTitle: string | null): TaskDetail {
  return {
    ...presentTaskRow(task, groupTitle),
    description: task.description,
    externalLink: task.externalLink,
    isTimeSensitive: task.isTimeSensitive,
    disclaimer: task.disclaimer,
    showToChildTeams: task.showToChildTeams,
    updatedAt: task.updatedAt.toISOString(),
  };
}
