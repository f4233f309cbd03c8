import { z } from 'zod';
import {
  APPROVAL_STATUSES,
  COMMENT_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  PROGRESS_STATUSES,
  type ProgressStatus,
  REVIEW_MAX_LENGTH,
  TASK_ERRORS,
  TASK_TYPES,
  TaskDataError,
  type TaskType,
  TITLE_MAX_LENGTH,
} from './constants';

/**
 * The Zod contract of tasks (spec: Task, Task group, Task status, Comment, Reply). Stored records
 * need every typed field; inputs fill the spec's defaults (arrays empty, booleans false). Update
 * inputs have no defaults on purpose: in Zod 4 a default inside an optional still fills in, which
 * would reset every field a partial update leaves out.
 */

export {
  APPROVAL_STATUSES,
  type ApprovalStatus,
  COMMENT_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  PROGRESS_STATUSES,
  type ProgressStatus,
  REVIEW_MAX_LENGTH,
  TASK_ERRORS,
  TASK_TYPES,
  TaskDataError,
  type TaskType,
  TITLE_MAX_LENGTH,
} from './constants';

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new TaskDataError(message, result.error.issues);
  return result.data;
}

const id = z.string().trim().min(1);
const ids = z.array(id);
const stampsShape = {
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
};
/** Spec: timestamps are ISO date-times with a zone. */
const timestamp = z.iso.datetime({ offset: true });

/** A calendar date; z.iso.date refuses impossible days such as 2027-02-30 (tested against dueStatus). */
export const dueDateSchema = z.iso.date({ message: TASK_ERRORS.invalidTargetDate });
const title = z.string().trim().min(1).max(TITLE_MAX_LENGTH);
const externalLink = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]);

const taskFields = {
  title,
  dueDate: dueDateSchema,
  description: z.string().max(DESCRIPTION_MAX_LENGTH),
  type: z.enum(TASK_TYPES),
  attachmentIds: ids,
  isArchived: z.boolean(),
  formId: id.nullable(),
  teamTypeIds: ids,
  isTimeSensitive: z.boolean(),
  externalLink: z.string().trim().pipe(externalLink),
  isApprovalNeeded: z.boolean(),
  disclaimer: z.string().trim().max(DESCRIPTION_MAX_LENGTH),
  showToChildTeams: z.boolean(),
  isRequired: z.boolean(),
};

/** A form task without a form would send the team nowhere (issue 5: offered only when a form can be chosen). */
function formTaskHasForm(task: { type?: TaskType; formId?: string | null }): boolean {
  return task.type !== 'form' || Boolean(task.formId);
}
const formCheck = { message: TASK_ERRORS.formRequired, path: ['formId'] };

/** A stored task: every typed field present; isRequired is optional in the spec and reads as false. */
export const taskSchema = z
  .object({ id, ...taskFields, isRequired: z.boolean().default(false), ...stampsShape })
  .refine(formTaskHasForm, formCheck);
export type Task = z.output<typeof taskSchema>;

export const createTaskInputSchema = z
  .strictObject({
    ...taskFields,
    description: taskFields.description.default(''),
    type: taskFields.type.default('task'),
    attachmentIds: ids.default(() => []),
    isArchived: z.boolean().default(false),
    formId: id.nullable().default(null),
    teamTypeIds: ids.default(() => []),
    isTimeSensitive: z.boolean().default(false),
    externalLink: taskFields.externalLink.default(''),
    isApprovalNeeded: z.boolean().default(false),
    disclaimer: taskFields.disclaimer.default(''),
    showToChildTeams: z.boolean().default(false),
    isRequired: z.boolean().default(false),
  })
  .refine(formTaskHasForm, formCheck);
export type CreateTaskInput = z.input<typeof createTaskInputSchema>;

/** A partial update; the form check runs on the merged task (mergeTaskUpdate), not on the patch alone. */
export const updateTaskInputSchema = z.strictObject(taskFields).partial();
export type UpdateTaskInput = z.input<typeof updateTaskInputSchema>;

export function parseTask(input: unknown): Task {
  return parseOrThrow(taskSchema, input, TASK_ERRORS.invalidTask);
}
export function parseCreateTask(input: unknown): z.output<typeof createTaskInputSchema> {
  return parseOrThrow(createTaskInputSchema, input, TASK_ERRORS.invalidTask);
}
/** Applies a parsed patch to a stored task and checks the result as a whole. */
export function mergeTaskUpdate(task: Task, patch: unknown): Task {
  const parsed = parseOrThrow(updateTaskInputSchema, patch, TASK_ERRORS.invalidTask);
  return parseTask({ ...task, ...parsed });
}

// ---- Task groups ----

const groupFields = { title, taskIds: ids, isArchived: z.boolean() };
export const taskGroupSchema = z.object({ id, ...groupFields, ...stampsShape });
export type TaskGroup = z.output<typeof taskGroupSchema>;
export const createTaskGroupInputSchema = z.strictObject({
  title,
  taskIds: ids.default(() => []),
  isArchived: z.boolean().default(false),
});
export type CreateTaskGroupInput = z.input<typeof createTaskGroupInputSchema>;
export const updateTaskGroupInputSchema = z.strictObject(groupFields).partial();
export type UpdateTaskGroupInput = z.input<typeof updateTaskGroupInputSchema>;

export function parseTaskGroup(input: unknown): TaskGroup {
  return parseOrThrow(taskGroupSchema, input, TASK_ERRORS.invalidGroup);
}

/** Spec: archiving a group empties its taskIds; unarchiving only clears the flag. */
export function setGroupArchived(group: TaskGroup, isArchived: boolean): TaskGroup {
  return isArchived ? { ...group, isArchived, taskIds: [] } : { ...group, isArchived };
}

/** Id of the virtual group that holds tasks in no group where lists group them. */
export const UNASSIGNED_GROUP_ID = 'unassigned';

// ---- Task status (one per team and task) ----

export const approvalHistoryEntrySchema = z.object({
  status: z.enum(['approved', 'rejected']),
  review: z.string(),
  by: id,
  at: timestamp,
});
export type ApprovalHistoryEntry = z.output<typeof approvalHistoryEntrySchema>;

/** The spec keeps both the progress value and two flags; they must agree, progress is the truth. */
export function progressFlags(progress: ProgressStatus): { isComplete: boolean; isNotApplicable: boolean } {
  return { isComplete: progress === 'complete', isNotApplicable: progress === 'n/a' };
}

export const taskStatusSchema = z
  .object({
    id,
    taskId: id,
    teamId: id,
    assignedTo: ids,
    commentIds: ids,
    progressStatus: z.enum(PROGRESS_STATUSES),
    approvalStatus: z.enum(APPROVAL_STATUSES),
    approvalReview: z.string(),
    approvalHistory: z.array(approvalHistoryEntrySchema),
    isComplete: z.boolean(),
    isNotApplicable: z.boolean(),
    ...stampsShape,
  })
  .refine((s) => {
    const flags = progressFlags(s.progressStatus);
    return flags.isComplete === s.isComplete && flags.isNotApplicable === s.isNotApplicable;
  }, 'isComplete and isNotApplicable must match progressStatus');
export type TaskStatus = z.output<typeof taskStatusSchema>;

export function parseTaskStatus(input: unknown): TaskStatus {
  return parseOrThrow(taskStatusSchema, input, TASK_ERRORS.invalidProgress);
}

/** A team with no stored status for a task has done nothing yet. */
export function defaultTaskStatusValues(): Pick<
  TaskStatus,
  | 'assignedTo'
  | 'commentIds'
  | 'progressStatus'
  | 'approvalStatus'
  | 'approvalReview'
  | 'approvalHistory'
  | 'isComplete'
  | 'isNotApplicable'
> {
  return {
    assignedTo: [],
    commentIds: [],
    progressStatus: 'incomplete',
    approvalStatus: 'none',
    approvalReview: '',
    approvalHistory: [],
    ...progressFlags('incomplete'),
  };
}

export const setProgressInputSchema = z.strictObject({ progressStatus: z.enum(PROGRESS_STATUSES) });
export function parseSetProgress(input: unknown): z.output<typeof setProgressInputSchema> {
  return parseOrThrow(setProgressInputSchema, input, TASK_ERRORS.invalidProgress);
}

/** Spec: assignment adds or removes user ids in assignedTo. */
export const assignmentInputSchema = z
  .strictObject({ add: ids.default(() => []), remove: ids.default(() => []) })
  .refine((a) => a.add.length + a.remove.length > 0, 'Add or remove at least one user');
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

export function applyAssignment(assignedTo: readonly string[], change: { add: string[]; remove: string[] }) {
  const removed = new Set(change.remove);
  const next = assignedTo.filter((userId) => !removed.has(userId));
  for (const userId of change.add) if (!removed.has(userId) && !next.includes(userId)) next.push(userId);
  return next;
}

export const reviewInputSchema = z.strictObject({
  decision: z.enum(['approved', 'rejected']),
  review: z.string().trim().max(REVIEW_MAX_LENGTH).default(''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

// ---- Comments and replies ----

const text = z.string().trim().min(1).max(COMMENT_MAX_LENGTH);
export const commentInputSchema = z.strictObject({ text });
export const replyInputSchema = z.strictObject({ text });

export const replySchema = z.object({ id, text, teamId: id, likes: ids, ...stampsShape });
export type Reply = z.output<typeof replySchema>;
export const commentSchema = replySchema.extend({ isPinned: z.boolean(), replyIds: ids });
export type Comment = z.output<typeof commentSchema>;

export function parseCommentInput(input: unknown): z.output<typeof commentInputSchema> {
  return parseOrThrow(commentInputSchema, input, TASK_ERRORS.invalidComment);
}
export function parseReplyInput(input: unknown): z.output<typeof replyInputSchema> {
  return parseOrThrow(replyInputSchema, input, TASK_ERRORS.invalidReply);
}

/** Spec: a like toggles per user on comments and replies. */
export function toggleLike(likes: readonly string[], userId: string): string[] {
  return likes.includes(userId) ? likes.filter((liker) => liker !== userId) : [...likes, userId];
}
