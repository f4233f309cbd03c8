import type { TaskDetail, TaskRow } from '../../../shared/tasks/api';
import type { tasks } from './tables';

/** Rows of the tasks table with their team type list (taskWithTeamTypes), as the API shows them. */
type TaskRecord = typeof tasks.$inferSelect & { teamTypeIds: string[] };

/** The titles of the task's group and linked form, read with it by a join. */
export type TaskTitles = { groupTitle: string | null; formTitle: string | null };

export function presentTaskRow(task: TaskRecord, { groupTitle, formTitle }: TaskTitles): TaskRow {
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
    formId: task.formId,
    formTitle: task.formId ? formTitle : null,
  };
}

export function presentTaskDetail(task: TaskRecord, titles: TaskTitles): TaskDetail {
  return {
    ...presentTaskRow(task, titles),
    description: task.description,
    externalLink: task.externalLink,
    isTimeSensitive: task.isTimeSensitive,
    disclaimer: task.disclaimer,
    showToChildTeams: task.showToChildTeams,
    updatedAt: task.updatedAt.toISOString(),
  };
}
