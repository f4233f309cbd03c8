import { z } from 'zod';

/** Custom fields (spec): a label and a type that is fixed at creation; values live on each team. */
export const CUSTOM_FIELD_TYPES = ['text', 'boolean'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = { text: 'Text', boolean: 'Yes/No' };

const editable = {
  label: z.string().trim().min(1).max(200),
  placeholder: z.string().trim().max(200).default(''),
  description: z.string().trim().max(2000).default(''),
  showField: z.boolean().default(true),
  showToChildTeams: z.boolean().default(false),
  isRequired: z.boolean().default(false),
};

export const createCustomFieldBodySchema = z.strictObject({ ...editable, type: z.enum(CUSTOM_FIELD_TYPES) });
export type CreateCustomFieldBody = z.input<typeof createCustomFieldBodySchema>;
/** No `type`: a field's type cannot change after creation, so sending one is refused. */
export const updateCustomFieldBodySchema = z.strictObject({
  label: editable.label.optional(),
  placeholder: z.string().trim().max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  showField: z.boolean().optional(),
  showToChildTeams: z.boolean().optional(),
  isRequired: z.boolean().optional(),
});
export type UpdateCustomFieldBody = z.input<typeof updateCustomFieldBodySchema>;
export const reorderCustomFieldsBodySchema = z.strictObject({ ids: z.array(z.uuid()).max(1000) });

export const customFieldSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  placeholder: z.string(),
  description: z.string(),
  showField: z.boolean(),
  showToChildTeams: z.boolean(),
  isRequired: z.boolean(),
  index: z.number().int(),
});
export type CustomField = z.infer<typeof customFieldSchema>;
export const customFieldListResponseSchema = z.object({ items: z.array(customFieldSchema) });
export const customFieldParamsSchema = z.object({ eventId: z.uuid(), customFieldId: z.uuid() });

/** The value a new field starts with on every team. */
export function defaultCustomFieldValue(type: CustomFieldType): string | boolean {
  return type === 'boolean' ? false : '';
}

/** Whether stored values fit the fields: known ids, and text for text fields, true/false for Yes/No. */
export function valuesFitFields(
  values: Record<string, string | boolean>,
  fields: readonly Pick<CustomField, 'id' | 'type'>[],
): boolean {
  const byId = new Map(fields.map((f) => [f.id, f.type]));
  return Object.entries(values).every(([id, value]) => {
    const type = byId.get(id);
    return type === 'boolean' ? typeof value === 'boolean' : type === 'text' && typeof value === 'string';
  });
}

/** Child teams see only the fields flagged showToChildTeams (spec). */
export function fieldsForTeam<F extends Pick<CustomField, 'showToChildTeams'>>(
  fields: F[],
  isChildTeam: boolean,
): F[] {
  return isChildTeam ? fields.filter((f) => f.showToChildTeams) : fields;
}

export { missingRequiredField, requiredFieldMessage } from './customFieldRules';

/** /my-team: the team's own settings form sends only values of the fields it shows. */
export const updateMyTeamBodySchema = z.strictObject({
  customFields: z.record(z.string().max(100), z.union([z.string().max(2000), z.boolean()])),
});
export type UpdateMyTeamBody = z.input<typeof updateMyTeamBodySchema>;
