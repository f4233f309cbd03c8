import { z } from 'zod';
import { mentionableSchema } from './comments';

/**
 * What a team does on a task besides its progress: who of the team is assigned, the disclaimer it
 * accepted, the files it uploaded (spec: Task status assignedTo; disclaimer and upload tasks;
 * decision 0011). The HTTP contract and the messages, shared by the server and the screens.
 */

export const TEAM_WORK_ERRORS = {
  invalidUser: 'Invalid user',
  invalidIdsToRemove: 'Invalid ids to remove',
  notDisclaimer: 'This task has no disclaimer to accept',
  acceptDisclaimerFirst: 'Accept the disclaimer to complete this task',
  submitFormFirst: 'Submit the form to complete this task',
  formTaskSubmitted: 'This task was completed by submitting its form',
  notUpload: 'This task does not take uploads',
  teamOnly: 'Only members of the team can do this',
  uploadNotFound: 'Upload not found',
} as const;

/** Spec: assignment adds or removes user ids in assignedTo; at least one change per request. */
export const assignmentBodySchema = z
  .strictObject({
    add: z
      .array(z.uuid())
      .max(100)
      .default(() => []),
    remove: z
      .array(z.uuid())
      .max(100)
      .default(() => []),
  })
  .refine((a) => a.add.length + a.remove.length > 0, 'Add or remove at least one user');
export type AssignmentBody = z.input<typeof assignmentBodySchema>;

/** Accepting is an explicit yes: a body without `accepted: true` is refused. */
export const acceptDisclaimerBodySchema = z.strictObject({ accepted: z.literal(true) });
export const uploadBodySchema = z.strictObject({ fileId: z.uuid() });
export const uploadParamsSchema = z.object({
  eventId: z.uuid(),
  taskId: z.uuid(),
  teamId: z.uuid(),
  uploadId: z.uuid(),
});

export const assigneeSchema = mentionableSchema;
export const acceptanceSchema = z.object({
  acceptedBy: z.string(),
  acceptedByName: z.string(),
  acceptedAt: z.string(),
});
export type Acceptance = z.output<typeof acceptanceSchema>;

export const taskUploadSchema = z.object({
  id: z.uuid(),
  fileId: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  url: z.string(),
  uploadedByName: z.string(),
  createdAt: z.string(),
});
export type TaskUpload = z.output<typeof taskUploadSchema>;
export const uploadListSchema = z.object({ items: z.array(taskUploadSchema) });

/** One team's work on one task (the drawer; an organiser's look at one team). */
export const teamWorkSchema = z.object({
  taskId: z.uuid(),
  teamId: z.uuid(),
  assignedTo: z.array(z.uuid()),
  members: z.array(assigneeSchema),
  acceptance: acceptanceSchema.nullable(),
  can: z.object({ assign: z.boolean(), accept: z.boolean(), upload: z.boolean() }),
});
export type TeamWork = z.output<typeof teamWorkSchema>;

/** For the team's list: per task who is assigned and how much is going on. */
export const teamWorkSummarySchema = z.object({
  teamId: z.uuid().nullable(),
  members: z.array(assigneeSchema),
  tasks: z.array(
    z.object({
      taskId: z.uuid(),
      assignedTo: z.array(z.uuid()),
      commentsCount: z.number().int(),
      uploadsCount: z.number().int(),
      acceptedAt: z.string().nullable(),
    }),
  ),
});
export type TeamWorkSummary = z.output<typeof teamWorkSummarySchema>;

export const assignmentResponseSchema = z.object({ assignedTo: z.array(z.uuid()) });
