import { z } from 'zod';
import { idSchema, operatorSchema, optionalStampsShape, parseOrThrow } from './common';
import { ruleSchema } from './logic';

export const confirmationSchema = z.strictObject({
  id: idSchema,
  name: z.string().trim().default(''),
  message: z.string().default(''),
  operator: operatorSchema,
  rules: z.array(ruleSchema).default(() => []),
  /** Shown when no other active confirmation's rules match. */
  isDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
  ...optionalStampsShape,
});
export type Confirmation = z.output<typeof confirmationSchema>;
export type ConfirmationInput = z.input<typeof confirmationSchema>;

export function parseConfirmation(input: unknown): Confirmation {
  return parseOrThrow(confirmationSchema, input, 'Invalid confirmation');
}
