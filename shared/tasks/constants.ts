import type { z } from 'zod';

// The task words, limits and messages every task screen reads, apart from the Zod contract
// (schema.ts re-exports them), so a screen that shows tasks loads no Zod (decision 0041).

export const TASK_TYPES = ['task', 'form', 'externalForm', 'pdfForm', 'upload', 'disclaimer', 'tbc'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const PROGRESS_STATUSES = ['incomplete', 'complete', 'n/a'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

export const APPROVAL_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The spec's messages (error catalogue) plus the few the spec leaves open, worded here once. */
export const TASK_ERRORS = {
  invalidTask: 'Invalid task values',
  invalidTasksAfterUpload: 'Invalid tasks data after upload',
  invalidGroup: 'Invalid group',
  invalidProgress: 'Invalid progress',
  invalidComment: 'Invalid comment',
  invalidReply: 'Invalid reply',
  invalidIdsToRemove: 'Invalid ids to remove',
  invalidTargetDate: 'Invalid target date',
  formRequired: 'Choose the form this task links to',
  formNotInEvent: "Choose one of this event's forms",
} as const;

/** Thrown for data that fails its check; the message is the spec's, Zod's issues ride along. */
export class TaskDataError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(message: string, issues: readonly z.core.$ZodIssue[] = []) {
    super(message);
    this.name = 'TaskDataError';
    this.issues = issues;
  }
}

export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 50_000;
export const COMMENT_MAX_LENGTH = 2_000;
export const REVIEW_MAX_LENGTH = 2_000;

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  task: 'Task',
  form: 'Form',
  externalForm: 'External form',
  pdfForm: 'PDF form',
  upload: 'Upload',
  disclaimer: 'Disclaimer',
  tbc: 'TBC',
};
