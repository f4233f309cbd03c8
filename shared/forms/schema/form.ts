import { z } from 'zod';
import { idSchema, optionalStampsShape, parseOrThrow } from './common';
import { logicMapSchema } from './logic';

const idListSchema = z.array(idSchema).default(() => []);

export const formSchema = z.strictObject({
  id: idSchema,
  title: z.string().trim().default(''),
  description: z.string().trim().default(''),
  fieldIds: idListSchema,
  submissionsIds: idListSchema,
  confirmationIds: idListSchema,
  notificationIds: idListSchema,
  webhookIds: idListSchema,
  logicMap: logicMapSchema,
  isArchived: z.boolean().default(false),
  isPublished: z.boolean().default(false),
  /** Users may edit their submission after sending it. */
  isEditable: z.boolean().default(false),
  /** A guest form: anyone with the link may submit without signing in. */
  isPublic: z.boolean().default(false),
  ...optionalStampsShape,
});
export type Form = z.output<typeof formSchema>;
export type FormInput = z.input<typeof formSchema>;

export function parseForm(input: unknown): Form {
  return parseOrThrow(formSchema, input, 'Invalid form');
}
