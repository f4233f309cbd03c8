import { z } from 'zod';
import type { Permission } from '../auth/permissions';
import { listQuerySchema } from '../people/schema';
import { TEAM_TASK_STATUSES } from '../tasks/dueStatus';
import { engineRecord } from './api';
import type { Confirmation } from './schema/confirmation';
import type { Field } from './schema/field';
import type { FieldGroup } from './schema/field-group';
import type { Form } from './schema/form';
import { uploadedFileSchema } from './schema/values';
import { SUBMISSION_STATES } from './submissionStates';

/**
 * The HTTP contract of filling in forms (decision 0017). Answers are checked by the engine
 * (validateSubmission) on both sides; what travels here is only their shape.
 *
 * The team's side (prefix /api/events/:eventId; a member of a team):
 *   GET  /my-forms?search                               MyFormsResponse (published forms with the team's state)
 *   GET  /my-forms/:formId                              FillFormResponse (the form, the team's draft, its submissions)
 *   PUT  /my-forms/:formId/draft                        SaveAnswersBody -> SavedDraft (required checks skipped)
 *   POST /my-forms/:formId/submit                       SaveAnswersBody -> SubmitResult (the engine's checks; hidden answers dropped)
 *   GET  /my-forms/:formId/submissions/:submissionId    SubmissionView
 *   PUT  /my-forms/:formId/submissions/:submissionId    SaveAnswersBody -> SubmitResult (only when the form is editable)
 * The organiser's side (moderator and above):
 *   GET  /forms/:formId/submissions?search&sort&order&page&state&teamId&teamTypeId   SubmissionListResponse
 *   GET  /forms/:formId/submissions/:submissionId       SubmissionView
 *   PUT  /forms/:formId/submissions/:submissionId       SaveAnswersBody -> SubmitResult
 *   POST /forms/:formId/submissions/delete              { ids } -> { count }
 *   GET  /forms/:formId/submissions/export?format=csv|xlsx   the file
 * Guests (no account; 404 'Form is not public' for a form that is not public or does not exist):
 *   GET  /api/guests/forms/:formId                      FillDefinition
 *   POST /api/guests/forms/:formId/submissions          GuestSubmitBody -> SubmitResult (limited per address)
 *
 * A save carries the version it was based on: a save over someone else's newer save answers 409
 * (two members of one team never overwrite each other silently). A failed check answers 400 with
 * one issue per problem, its path [fieldId] or [templateFieldId, loopIndex, fieldId].
 */

export const SUBMISSIONS_LEVEL = 'moderator' satisfies Permission;

export const SUBMISSION_ERRORS = {
  invalidSubmission: 'Please check the highlighted answers',
  notPublic: 'Form is not public',
  formNotFound: 'Form not found',
  submissionNotFound: 'Submission not found',
  noTeam: 'Only members of a team can fill in forms',
  notEditable: 'This form cannot be changed after it has been submitted',
  versionConflict:
    'Someone else in your team saved this form a moment ago. Reload to see their answers before saving again.',
  tooManyGuestSubmissions: 'Too many submissions from your address. Please try again later.',
  tooManyGuestUploads: 'Too many uploads from your address. Please try again later.',
  /** Spec: a submission is revalidated after uploads. */
  invalidAfterUpload: 'Invalid submission data after upload',
  notUploadField: 'This field does not take files',
} as const;

/**
 * The image an image field shows: the event's asset at its image sizes (src and srcSet), with its
 * alt text. The box is the sizes' 3:2, so the form does not move when the image arrives.
 */
export const formImageSchema = z.object({ src: z.string(), srcSet: z.string(), altText: z.string() });
export type FormImage = z.infer<typeof formImageSchema>;

/** What one form needs to be filled in: the engine's definition lists, and its confirmations. */
export const fillDefinitionSchema = z.object({
  form: engineRecord,
  fields: z.array(engineRecord),
  fieldGroups: z.array(engineRecord),
  confirmations: z.array(engineRecord),
  /** ISO 4217, for item prices and totals. */
  currency: z.string(),
  /** The images the image fields name, by asset id (only on the reads a screen renders). */
  images: z.record(z.string(), formImageSchema).optional(),
});
export type FillDefinition = {
  form: Form;
  fields: Field[];
  fieldGroups: FieldGroup[];
  confirmations: Confirmation[];
  currency: string;
  images?: Record<string, FormImage>;
};

export const submissionParamsSchema = z.object({
  eventId: z.uuid(),
  formId: z.uuid(),
  submissionId: z.uuid(),
});

/** Answers keyed by field id, as the renderer holds them; the engine reads and checks each. */
const answersSchema = z.record(z.uuid(), z.unknown());

export const saveAnswersBodySchema = z.strictObject({
  values: answersSchema,
  /** The version this save was based on; null for a first save. */
  version: z.number().int().min(1).nullable(),
  /**
   * A first save after uploads: the submission id the uploads were stored under (the upload route
   * gave it). Taken only when this caller's uploads sit under it; otherwise a new id is made.
   */
  submissionId: z.uuid().optional(),
});
export type SaveAnswersBody = z.input<typeof saveAnswersBodySchema>;

/**
 * A guest's handle on the submission they are filling in: 256 random bits, base64url (the server
 * works the submission's id out from it; server/modules/submissions/guestToken.ts).
 */
export const guestTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid submission');
export const guestSubmitBodySchema = z.strictObject({
  values: answersSchema,
  /** A field people never see: a bot that fills it in is answered as if it had worked. */
  website: z.string().max(500).default(''),
  /** The guest's token the uploads were stored under (the guest upload route gave it). */
  submissionId: guestTokenSchema.optional(),
});

/**
 * Uploading a file for an answer: the upload field's place (a loop's field names its template and
 * loop) and, once there is one, the submission the file is for. Without one, the route makes the
 * id the first save then takes (files live under forms/submissions/{submissionId}/...).
 */
export const submissionUploadQuerySchema = z.strictObject({
  fieldId: z.string().min(1).max(100),
  templateFieldId: z.string().min(1).max(100).optional(),
  loopIndex: z.coerce.number().int().min(0).max(1000).optional(),
  submissionId: z.uuid().optional(),
});
export type SubmissionUploadQuery = z.input<typeof submissionUploadQuerySchema>;

export const submissionUploadSchema = z.object({
  submissionId: z.uuid(),
  file: uploadedFileSchema,
});
export type SubmissionUpload = z.output<typeof submissionUploadSchema>;

export const guestUploadQuerySchema = submissionUploadQuerySchema.extend({
  submissionId: guestTokenSchema.optional(),
});
export const guestUploadSchema = submissionUploadSchema.extend({ submissionId: guestTokenSchema });
export type GuestUpload = z.output<typeof guestUploadSchema>;
export type GuestSubmitBody = z.input<typeof guestSubmitBodySchema>;

export const savedDraftSchema = z.object({ id: z.uuid(), version: z.number().int(), updatedAt: z.string() });
export type SavedDraft = z.output<typeof savedDraftSchema>;

export const submitResultSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  /** The confirmation the rules chose; null when the form has none. */
  confirmationId: z.uuid().nullable(),
});
export type SubmitResult = z.output<typeof submitResultSchema>;

/**
 * What others hear about (form notification emails, webhooks): a submission made (a team's draft
 * submitted, or a guest's), or one changed after it was submitted (spec: the 'form notification'
 * and 'form update' emails). Drafts are never announced.
 */
export const SUBMISSION_EVENT_KINDS = ['submitted', 'updated'] as const;
export type SubmissionEventKind = (typeof SUBMISSION_EVENT_KINDS)[number];

export { SUBMISSION_STATE_LABELS, SUBMISSION_STATES, type SubmissionState } from './submissionStates';

export const myFormsQuerySchema = z.object({ search: z.string().trim().max(200).default('') });
export const myFormRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  state: z.enum(SUBMISSION_STATES),
  submittedCount: z.number().int(),
  updatedAt: z.string().nullable(),
  /**
   * The task this form completes, as the team's task list shows it (its status chip: due soon,
   * overdue, complete...); null when no task the team can see links to the form.
   */
  task: z
    .object({
      id: z.uuid(),
      title: z.string(),
      dueDate: z.string(),
      status: z.enum(TEAM_TASK_STATUSES),
    })
    .nullable(),
});
export type MyFormRow = z.output<typeof myFormRowSchema>;
export const myFormsResponseSchema = z.object({ items: z.array(myFormRowSchema) });
export type MyFormsResponse = z.output<typeof myFormsResponseSchema>;

export const submissionSummarySchema = z.object({
  id: z.uuid(),
  isDraft: z.boolean(),
  isGuest: z.boolean(),
  teamId: z.uuid().nullable(),
  teamName: z.string(),
  updatedAt: z.string(),
  updatedByName: z.string(),
  version: z.number().int(),
});
export type SubmissionSummary = z.output<typeof submissionSummarySchema>;

/** What the form's logic may read of the person filling in (the engine's ClientData). */
export const clientDataSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  surname: z.string(),
  email: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  customFields: z.record(z.string(), z.union([z.string(), z.boolean()])),
});

export const fillFormResponseSchema = z.object({
  definition: fillDefinitionSchema,
  /** The person filling in, so the browser's logic reads what the server's will. */
  client: clientDataSchema,
  /** The team's draft to carry on with, if it has one. */
  draft: z.object({ id: z.uuid(), version: z.number().int(), values: answersSchema }).nullable(),
  submissions: z.array(submissionSummarySchema),
});
export type FillFormResponse = Omit<z.output<typeof fillFormResponseSchema>, 'definition'> & {
  definition: FillDefinition;
};

export const submissionViewSchema = z.object({
  definition: fillDefinitionSchema,
  submission: submissionSummarySchema.extend({ values: answersSchema }),
  /** The team may change it (the form is editable after submission). */
  canEdit: z.boolean(),
});
export type SubmissionView = Omit<z.output<typeof submissionViewSchema>, 'definition'> & {
  definition: FillDefinition;
};

export const SUBMISSION_SORTS = ['updatedAt', 'teamName', 'isDraft'] as const;
export const submissionListQuerySchema = listQuerySchema(SUBMISSION_SORTS, 'updatedAt').extend({
  /** Spec: submissions sort by updatedAt; the newest first. */
  order: z.enum(['asc', 'desc']).default('desc'),
  state: z.enum(['draft', 'submitted']).optional(),
  teamId: z.uuid().optional(),
  teamTypeId: z.uuid().optional(),
});
export type SubmissionListQuery = z.input<typeof submissionListQuerySchema>;
export const submissionListResponseSchema = z.object({
  formTitle: z.string(),
  items: z.array(submissionSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SubmissionListResponse = z.output<typeof submissionListResponseSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const submissionExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('xlsx') });
