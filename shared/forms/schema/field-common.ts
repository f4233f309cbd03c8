import { z } from 'zod';
import { idSchema, optionalStampsShape } from './common';

/** Properties every field has, whatever its type (spec: Field (common)). */
export const fieldCommonShape = {
  id: idSchema,
  label: z.string().default(''),
  reportLabel: z.string().default(''),
  description: z.string().default(''),
  isRequired: z.boolean().default(false),
  /** Empty for a form's field; the group's id for a field that belongs to a field group. */
  fieldGroupId: z.string().default(''),
  ...optionalStampsShape,
};

/** A field type with no settings of its own beyond the common ones. */
export function plainField<T extends string>(type: T) {
  return z.strictObject({ type: z.literal(type), ...fieldCommonShape });
}

/** A part of an address or a name: its label and whether the form shows it. */
export function partSchema(defaultLabel: string, defaultShow: boolean) {
  return z
    .strictObject({ label: z.string().default(defaultLabel), show: z.boolean().default(defaultShow) })
    .prefault({});
}
