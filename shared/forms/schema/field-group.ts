import { z } from 'zod';
import { idSchema, optionalStampsShape, parseOrThrow, stampsShape } from './common';
import { logicMapSchema } from './logic';

const fieldGroupShape = {
  id: idSchema,
  title: z.string().trim(),
  description: z.string().trim(),
  fieldIds: z.array(idSchema),
  // The spec's parser reads a missing flag as false; a group made in the builder starts published.
  isPublished: z.boolean().default(false),
  isArchived: z.boolean().default(false),
  logicMap: logicMapSchema,
};

/** A stored field group: valid only with its id, stamps, field ids, title, description and logic map. */
export const fieldGroupSchema = z.strictObject({ ...fieldGroupShape, ...stampsShape });
export type FieldGroup = z.output<typeof fieldGroupSchema>;

/** A field group as the builder sends it, before the server stamps it. */
export const fieldGroupInputSchema = z.strictObject({
  ...fieldGroupShape,
  title: z.string().trim().default(''),
  description: z.string().trim().default(''),
  fieldIds: z.array(idSchema).default(() => []),
  isPublished: z.boolean().default(true),
  ...optionalStampsShape,
});
export type FieldGroupInput = z.input<typeof fieldGroupInputSchema>;

export function parseFieldGroup(input: unknown): FieldGroup {
  return parseOrThrow(fieldGroupSchema, input, 'Invalid field group');
}

/** The shape logic and templates need from a group: its fields in order and its logic. */
export interface FieldGroupScope {
  id: string;
  title: string;
  fieldIds: string[];
  logicMap: FieldGroup['logicMap'];
}
