import { z } from 'zod';
import { idSchema, optionalStampsShape, parseOrThrow } from './common';
import { submissionValuesSchema } from './values';

/**
 * A submission's shape. Its values are checked here only for their kinds; whether they answer the
 * form correctly is validateSubmission's job, which needs the form.
 */
export const submissionSchema = z.strictObject({
  id: idSchema,
  /** Empty for a guest's submission. */
  teamId: z.string().default(''),
  isDraft: z.boolean().default(false),
  isGuest: z.boolean().default(false),
  taskId: z.string().default(''),
  values: submissionValuesSchema.default(() => ({})),
  ...optionalStampsShape,
});
export type Submission = z.output<typeof submissionSchema>;
export type SubmissionInput = z.input<typeof submissionSchema>;

/** The spec's message when a submission fails its re-check after its files were uploaded. */
export function parseSubmissionAfterUpload(input: unknown): Submission {
  return parseOrThrow(submissionSchema, input, 'Invalid submission data after upload');
}
