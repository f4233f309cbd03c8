import { z } from 'zod';
import { listQuerySchema, pagedSchema } from '../people/schema';
import { TEAM_TASK_STATUSES } from './dueStatus';
import {
  APPROVAL_STATUSES,
  approvalHistoryEntrySchema,
  DESCRIPTION_MAX_LENGTH,
  dueDateSchema,
  PROGRESS_STATUSES,
  reviewInputSchema,
  setProgressInputSchema,
  TASK_TYPES,
  TITLE_MAX_LENGTH,
  updateTaskInputSchema,
} from './schema';
import { URGENCY_FILTERS } from './urgency';

/**
 * The HTTP contracts of tasks: request bodies, list queries and answers. The task rules and stored
 * shapes stay in schema.ts; these only say what travels over the API.
 */

/** Every type is offered; a form task must name its form (see taskBodySchema's check). */
export const AVAILABLE_TASK_TYPES = TASK_TYPES;
export { TASK_TYPE_LABELS } from './constants';

const title = z.string().trim().min(1).max(TITLE_MAX_LENGTH);
const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

// ---- Task groups ----

export const taskGroupBodySchema = z.strictObject({ title });
export type TaskGroupBody = z.input<typeof taskGroupBodySchema>;
export const taskGroupParamsSchema = z.object({ eventId: z.uuid(), groupId: z.uuid() });
export const taskGroupListQuerySchema = z.strictObject({ archived: booleanQuery });
export const taskGroupRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  isArchived: z.boolean(),
  tasksCount: z.number().int(),
});
export type TaskGroupRow = z.output<typeof taskGroupRowSchema>;
export const taskGroupListResponseSchema = z.object({ items: z.array(taskGroupRowSchema) });

// ---- Tasks (admin) ----

/** Create and full update share one body; left-out fields take the spec's defaults. */
export const taskBodySchema = z.strictObject({
  title,
  dueDate: dueDateSchema,
  description: z.string().max(DESCRIPTION_MAX_LENGTH).default(''),
  type: z.enum(AVAILABLE_TASK_TYPES).default('task'),
  externalLink: updateTaskInputSchema.shape.externalLink.unwrap().default(''),
  isTimeSensitive: z.boolean().default(false),
  isApprovalNeeded: z.boolean().default(false),
  disclaimer: z.string().trim().max(DESCRIPTION_MAX_LENGTH).default(''),
  teamTypeIds: z.array(z.uuid()).default(() => []),
  showToChildTeams: z.boolean().default(false),
  isRequired: z.boolean().default(false),
  groupId: z.uuid().nullable().default(null),
  /** The linked form of a 'form' task; ignored (stored as null) for every other type. */
  formId: z.uuid().nullable().default(null),
});
export type TaskBody = z.input<typeof taskBodySchema>;

export const taskParamsSchema = z.object({ eventId: z.uuid(), taskId: z.uuid() });
export const taskTeamParamsSchema = taskParamsSchema.extend({ teamId: z.uuid() });

export const TASK_SORTS = ['dueDate', 'title', 'type'] as const;
export const taskListQuerySchema = listQuerySchema(TASK_SORTS, 'dueDate').extend({
  type: z.enum(TASK_TYPES).optional(),
  /** A group's id, or 'unassigned' for tasks in no group. */
  groupId: z.union([z.uuid(), z.literal('unassigned')]).optional(),
  /** Spec filter "urgency": time-sensitive tasks or the others (shared/tasks/urgency.ts). */
  urgency: z.enum(URGENCY_FILTERS).optional(),
  archived: booleanQuery,
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  dueDate: z.string(),
  type: z.enum(TASK_TYPES),
  groupId: z.uuid().nullable(),
  groupTitle: z.string().nullable(),
  isArchived: z.boolean(),
  isApprovalNeeded: z.boolean(),
  isRequired: z.boolean(),
  teamTypeIds: z.array(z.uuid()),
  /** A form task's form (the organisers see it even when archived or unpublished), else null. */
  formId: z.uuid().nullable(),
  formTitle: z.string().nullable(),
});
export type TaskRow = z.output<typeof taskRowSchema>;
export const taskListResponseSchema = pagedSchema(taskRowSchema);
export type TaskListResponse = z.output<typeof taskListResponseSchema>;

export const taskDetailSchema = taskRowSchema.extend({
  description: z.string(),
  externalLink: z.string(),
  isTimeSensitive: z.boolean(),
  disclaimer: z.string(),
  showToChildTeams: z.boolean(),
  updatedAt: z.string(),
});
export type TaskDetail = z.output<typeof taskDetailSchema>;

// ---- The team's side ----

/** The team's and the moderator's bodies are the shared rules' own input schemas. */
export const setStatusBodySchema = setProgressInputSchema;
export const reviewBodySchema = reviewInputSchema;

export const taskStatusResponseSchema = z.object({
  taskId: z.uuid(),
  teamId: z.uuid(),
  progressStatus: z.enum(PROGRESS_STATUSES),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  approvalReview: z.string(),
  approvalHistory: z.array(approvalHistoryEntrySchema),
});
export type TaskStatusResponse = z.output<typeof taskStatusResponseSchema>;

export const myTaskSchema = taskDetailSchema
  .omit({ groupTitle: true, isArchived: true, updatedAt: true, teamTypeIds: true, formTitle: true })
  .extend({
    /** The chip: Complete, N/A, Overdue, Due Soon or Incomplete (TASK_STATUS_LABELS). */
    status: z.enum(TEAM_TASK_STATUSES),
    progressStatus: z.enum(PROGRESS_STATUSES),
    approval: z
      .object({ status: z.enum(['pending', 'approved', 'rejected']), label: z.string(), review: z.string() })
      .nullable(),
    /** 'only applicable to N team type(s)' when restricted, else null. */
    restriction: z.string().nullable(),
    /** A form task's form while the team can fill it in (published, not archived), else null. */
    formId: z.uuid().nullable(),
  });
export type MyTask = z.output<typeof myTaskSchema>;

export const myTasksResponseSchema = z.object({
  /** The caller's team; null when the caller is in no team (the list is then empty). */
  teamId: z.uuid().nullable(),
  /** Today in the event's time zone, so the screen and the chips agree on the day. */
  today: z.string(),
  sections: z.array(z.object({ groupId: z.string(), title: z.string(), tasks: z.array(myTaskSchema) })),
});
export type MyTasksResponse = z.output<typeof myTasksResponseSchema>;
