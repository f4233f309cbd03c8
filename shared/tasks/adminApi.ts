import { z } from 'zod';
import { storedFileSchema } from '../files/schemas';
import { listQuerySchema, pagedSchema } from '../people/schema';
import { taskBodySchema, taskDetailSchema, taskListQuerySchema } from './api';
import { TASK_STATUS_FILTERS, TEAM_TASK_STATUSES } from './dueStatus';
import { USER_ACTION_STATUSES } from './listFilters';
import { APPROVAL_STATUSES, PROGRESS_STATUSES, TASK_ERRORS, TASK_TYPES } from './schema';

/**
 * The HTTP contracts of the organisers' task screens beyond the task form: the admin list's status
 * filter, every team's status of one task with bulk changes, the order of a group's tasks, and the
 * event-wide count of overdue and due-soon statuses.
 */

/** Spec filter "task id": a malformed id is refused in the spec's words for bad task data. */
export const taskIdFilterSchema = z.uuid({ error: TASK_ERRORS.invalidTask }).optional();

/**
 * The admin list filters a task by its own due status (the part of the chip that does not depend on
 * a team): Overdue, Due Soon, or Incomplete for a task not yet due soon. See decision 0009.
 */
export const TASK_DUE_FILTERS = ['overdue', 'dueSoon', 'incomplete'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];
export const adminTaskListQuerySchema = taskListQuerySchema.extend({
  status: z.enum(TASK_DUE_FILTERS).optional(),
  /** Spec filter "task id" (shared/tasks/listFilters.ts). */
  taskId: taskIdFilterSchema,
});
export type AdminTaskListQuery = z.input<typeof adminTaskListQuerySchema>;

// ---- The task form with its attachments ----

/** Spec: a task's attachmentIds; files uploaded with purpose 'taskAttachment', claimed on save. */
export const TASK_ATTACHMENTS_MAX = 20;
export const adminTaskBodySchema = taskBodySchema
  .extend({
    attachmentIds: z
      .array(z.uuid())
      .max(TASK_ATTACHMENTS_MAX)
      .default(() => []),
  })
  // A form task without a form would send the team nowhere (spec: forms can be linked to tasks).
  .refine((body) => body.type !== 'form' || body.formId !== null, {
    message: TASK_ERRORS.formRequired,
    path: ['formId'],
  });
export type AdminTaskBody = z.input<typeof adminTaskBodySchema>;
export const adminTaskDetailSchema = taskDetailSchema.extend({ attachments: z.array(storedFileSchema) });
export type AdminTaskDetail = z.output<typeof adminTaskDetailSchema>;

// ---- Every team's status of one task ----

export const TEAM_STATUS_SORTS = ['team', 'status', 'updatedAt'] as const;
export const teamStatusListQuerySchema = listQuerySchema(TEAM_STATUS_SORTS, 'team').extend({
  status: z.enum(TASK_STATUS_FILTERS).optional(),
  /** Spec filter "user action status": the team's approval state (shared/tasks/listFilters.ts). */
  actionStatus: z.enum(USER_ACTION_STATUSES, { error: TASK_ERRORS.invalidProgress }).optional(),
});
export type TeamStatusListQuery = z.input<typeof teamStatusListQuerySchema>;

export const teamStatusRowSchema = z.object({
  teamId: z.uuid(),
  teamName: z.string(),
  /** The chip: Complete, N/A, Overdue, Due Soon or Incomplete. */
  status: z.enum(TEAM_TASK_STATUSES),
  progressStatus: z.enum(PROGRESS_STATUSES),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  /** 'Awaiting approval', 'Approved', 'Rejected', or null when there is nothing to show. */
  approvalLabel: z.string().nullable(),
  assignedTo: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** The last change of this team's status; null while the team has done nothing. */
  updatedAt: z.string().nullable(),
  /** Who made it: a name, or 'System Update' for the platform's own changes. */
  updatedBy: z.string().nullable(),
});
export type TeamStatusRow = z.output<typeof teamStatusRowSchema>;
export const teamStatusListResponseSchema = pagedSchema(teamStatusRowSchema).extend({
  task: z.object({
    id: z.uuid(),
    title: z.string(),
    dueDate: z.string(),
    type: z.enum(TASK_TYPES),
    isApprovalNeeded: z.boolean(),
    isArchived: z.boolean(),
  }),
  /** Today in the event's time zone, the day the chips are worked out for. */
  today: z.string(),
});
export type TeamStatusListResponse = z.output<typeof teamStatusListResponseSchema>;

/** Spec: bulk table actions; one request sets one progress value for up to a page of teams. */
export const BULK_STATUS_MAX_TEAMS = 2_000;
export const bulkStatusBodySchema = z.strictObject({
  teamIds: z.array(z.uuid()).min(1).max(BULK_STATUS_MAX_TEAMS),
  progressStatus: z.enum(PROGRESS_STATUSES),
});
export type BulkStatusBody = z.input<typeof bulkStatusBodySchema>;
export const bulkStatusResponseSchema = z.object({
  /** Teams whose status changed. */
  updated: z.number().int(),
  /** Teams that already had this status (setting it again changes nothing). */
  unchanged: z.number().int(),
  /** Teams the approval rules refused, each with the reason. */
  refused: z.array(z.object({ teamId: z.uuid(), message: z.string() })),
});
export type BulkStatusResponse = z.output<typeof bulkStatusResponseSchema>;

// ---- The order of a group's tasks ----

export const groupTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  dueDate: z.string(),
  type: z.enum(TASK_TYPES),
  isArchived: z.boolean(),
});
export type GroupTask = z.output<typeof groupTaskSchema>;
export const groupTasksResponseSchema = z.object({ items: z.array(groupTaskSchema) });
/** The group's task ids in their new order: exactly the tasks the group holds now. */
export const groupOrderBodySchema = z.strictObject({ taskIds: z.array(z.uuid()).max(5_000) });

/** Moves one item a step in a list; the keyboard-friendly Move up / Move down of the reorder screen. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

// ---- Event-wide counts ----

export const dueSummarySchema = z.object({
  today: z.string(),
  dueSoonUntil: z.string(),
  /** Team statuses (a team and a task it sees, not complete or n/a) past their due date. */
  overdue: z.number().int(),
  /** Team statuses due from today to dueSoonDays ahead. */
  dueSoon: z.number().int(),
});
export type DueSummary = z.output<typeof dueSummarySchema>;
