import { z } from 'zod';
import { listQuerySchema } from '../people/schema';
import { type Confirmation, type ConfirmationInput, confirmationSchema } from './schema/confirmation';
import { type Field, type FieldInput, fieldSchema } from './schema/field';
import type { FieldGroup } from './schema/field-group';
import type { Form } from './schema/form';
import { type LogicEntryInput, logicMapSchema } from './schema/logic';
import type { FormNotification } from './schema/notification';
import { FIELD_GROUP_SORTS, FORM_SORTS } from './sorts';

export { FIELD_GROUP_SORTS, FORM_SORTS };

/**
 * The HTTP contract of forms, field groups, confirmations and edit locks. Bodies reuse the
 * engine's schemas (shared/forms/schema), so the server stores exactly what the engine reads.
 * A body that fails answers 400 with the spec's message for the part at fault ('Invalid new
 * fields', ...): each part is checked on its own and every issue of it carries that message first.
 *
 * Routes (prefix /api/events/:eventId; forms and confirmations moderator and above, field groups
 * admin only; an id of another event answers 404):
 *   GET    /forms?archived&search&sort&order&page   FormListResponse (with the shortcut counts)
 *   POST   /forms                                   FormCreateBody -> 201 FormDetail
 *   GET    /forms/:formId                           FormDetail
 *   PATCH  /forms/:formId/settings                  FormSettings -> FormDetail (409 if someone else holds the lock)
 *   PUT    /forms/:formId                           FormUpdateBody -> FormDetail (caller must hold the lock, else 409)
 *   POST   /forms/:formId/duplicate                 {} -> 201 FormDetail ('<title> (Copy)', unpublished)
 *   POST   /forms/archive | /forms/unarchive        BulkIdsBody -> BulkResult
 *   POST   /forms/delete                            BulkIdsBody -> BulkResult (fields, confirmations, notifications go too)
 *   POST   /forms/:formId/lock                      {} -> LockResponse (taken, refreshed, or someone else's)
 *   PUT    /forms/:formId/lock                      {} -> LockResponse (refresh; 409 when not the holder)
 *   DELETE /forms/:formId/lock                      204 (release; only the holder's lock goes)
 *   GET    /forms/:formId/confirmations             ConfirmationListResponse (default first)
 *   POST   /forms/:formId/confirmations             ConfirmationBody -> 201 Confirmation
 *   GET|PUT|DELETE /forms/:formId/confirmations/:confirmationId
 *   GET    /field-groups?archived&search&sort&order&page   FieldGroupListResponse
 *   POST   /field-groups                            FieldGroupSettings -> 201 FieldGroupDetail
 *   GET    /field-groups/:fieldGroupId              FieldGroupDetail
 *   PATCH  /field-groups/:fieldGroupId/settings     FieldGroupSettings -> FieldGroupDetail
 *   PUT    /field-groups/:fieldGroupId              FieldGroupUpdateBody -> FieldGroupDetail (lock as forms)
 *   POST   /field-groups/:fieldGroupId/duplicate    {} -> 201 FieldGroupDetail
 *   POST   /field-groups/archive | /unarchive | /delete   BulkIdsBody -> BulkResult
 *          (delete: 409 'Field groups used in forms cannot be deleted')
 *   POST|PUT|DELETE /field-groups/:fieldGroupId/lock   as forms
 */

/** Spec: forms and confirmations moderator and above; field groups admin only. */
export { FIELD_GROUPS_LEVEL, FORMS_LEVEL } from '../auth/permissions';

export const FORM_ERRORS = {
  invalidForm: 'Invalid form',
  invalidFirstField: 'Invalid first field',
  invalidNewFields: 'Invalid new fields',
  invalidUpdatedFields: 'Invalid updated fields',
  invalidFields: 'Invalid fields',
  invalidFieldGroup: 'Invalid field group',
  invalidConfirmation: 'Invalid confirmation',
  fieldGroupInUse: 'Field groups used in forms cannot be deleted',
  /** A template may come to embed a group only while the group is not archived. */
  archivedFieldGroup: 'This field group is archived: restore it before adding it to a form',
  formNotFound: 'Form not found',
  fieldGroupNotFound: 'Field group not found',
  confirmationNotFound: 'Confirmation not found',
  defaultConfirmation: 'The default confirmation cannot be deleted',
  /** A save or refresh from someone who does not hold the edit lock (409). */
  notLockHolder: 'Someone else is editing this. Your changes were not saved; reopen it to see theirs.',
  noLock: 'Open it for editing before saving: the edit lock was released or never taken.',
} as const;

/**
 * Checks one part of a body with an engine schema; on failure the part's first issue carries the
 * spec's message (the response's message) and Zod's own issues follow with their paths.
 */
export function specPart<S extends z.ZodType>(schema: S, message: string) {
  return z.unknown().transform((value, ctx): z.output<S> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    ctx.addIssue({ code: 'custom', message, input: value });
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: value });
    }
    return z.NEVER;
  });
}

/**
 * A stored engine record in an answer. The engine's schemas transform their input ('' to null,
 * numbers to text), which a response serializer cannot run backwards; the server answers records
 * it has already parsed with those schemas, so answers are described by their id and typed by the
 * engine's output types (FormDetail, FieldGroupDetail, ...).
 */
export const engineRecord = z.looseObject({ id: z.string() });

const MAX_FIELDS = 1000;
const uuidList = z.array(z.uuid()).max(MAX_FIELDS);
const uuidCheck = z.uuid();
/** Fields the builder made: their ids are UUIDs made in the browser (logic names them before saving). */
const newFieldSchema = fieldSchema.superRefine((field, ctx) => {
  if (!uuidCheck.safeParse(field.id).success) {
    ctx.addIssue({ code: 'custom', message: 'A new field needs a UUID id', path: ['id'] });
  }
});
const newFieldsSchema = z.array(newFieldSchema).max(MAX_FIELDS);

export const bulkIdsBodySchema = z.strictObject({ ids: z.array(z.uuid()).min(1).max(500) });
export type BulkIdsBody = z.input<typeof bulkIdsBodySchema>;
export const bulkResultSchema = z.object({ count: z.number().int() });
export type BulkResult = z.output<typeof bulkResultSchema>;

export const formParamsSchema = z.object({ eventId: z.uuid(), formId: z.uuid() });
export const fieldGroupParamsSchema = z.object({ eventId: z.uuid(), fieldGroupId: z.uuid() });
export const confirmationParamsSchema = formParamsSchema.extend({ confirmationId: z.uuid() });

// ---- Counts for the four shortcuts of the manage screens ----

export const formsCountsSchema = z.object({
  forms: z.number().int(),
  archivedForms: z.number().int(),
  fieldGroups: z.number().int(),
  archivedFieldGroups: z.number().int(),
});
export type FormsCounts = z.output<typeof formsCountsSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

// ---- Edit locks ----

/** Who holds the edit lock of a form or field group, and until when. */
export const lockSchema = z.object({
  holderId: z.uuid(),
  holderName: z.string(),
  expiresAt: z.string(),
  /** The caller holds it: the builder is editable. Otherwise read-only, showing who edits. */
  isMine: z.boolean(),
});
export type Lock = z.output<typeof lockSchema>;
/** The answer to take and refresh: the lock as it now is (someone else's when they hold it). */
export const lockResponseSchema = z.object({ lock: lockSchema });
export type LockResponse = z.output<typeof lockResponseSchema>;
/** A lock lasts five minutes from its last refresh (spec: Lock). */
export const LOCK_DURATION_MS = 5 * 60 * 1000;

// ---- Forms ----

export const formListQuerySchema = listQuerySchema(FORM_SORTS, 'title').extend({ archived: booleanQuery });
export type FormListQuery = z.input<typeof formListQuerySchema>;

export const formRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  fieldsCount: z.number().int(),
  isArchived: z.boolean(),
  isPublished: z.boolean(),
  isEditable: z.boolean(),
  isPublic: z.boolean(),
  updatedAt: z.string(),
  /** Tasks of type form that link to this form, by title. */
  linkedTasks: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type FormRow = z.output<typeof formRowSchema>;
export const formListResponseSchema = z.object({
  items: z.array(formRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: formsCountsSchema,
});
export type FormListResponse = z.output<typeof formListResponseSchema>;

/**
 * One form as the builder opens it: the form in the engine's shape, its fields and the fields of
 * the groups its templates embed (`fields`, the engine's FormDefinition lists), those groups,
 * confirmations (default first), notification records, and its edit lock if anyone holds one.
 */
export const formDetailSchema = z.object({
  form: engineRecord,
  fields: z.array(engineRecord),
  fieldGroups: z.array(engineRecord),
  confirmations: z.array(engineRecord),
  notifications: z.array(engineRecord),
  lock: lockSchema.nullable(),
  currency: z.string(),
});
export type FormDetail = {
  form: Form;
  fields: Field[];
  fieldGroups: FieldGroup[];
  confirmations: Confirmation[];
  notifications: FormNotification[];
  lock: Lock | null;
  /** The event's currency (ISO 4217): the builder shows item prices in it. */
  currency: string;
};

/** The settings an organiser edits from the list or the settings screen. */
export const formSettingsSchema = z.strictObject({
  title: z.string().trim().min(1, 'Required').max(200),
  description: z.string().trim().max(5000).default(''),
  isPublished: z.boolean().default(false),
  isEditable: z.boolean().default(false),
  isPublic: z.boolean().default(false),
});
export type FormSettings = z.input<typeof formSettingsSchema>;

/** Create: the form's settings and its first field (the builder starts with one). */
export const formCreateBodySchema = z.strictObject({
  form: specPart(formSettingsSchema, FORM_ERRORS.invalidForm),
  /** Left out: an empty short-text field. Given: its id is a UUID made by the builder. */
  firstField: specPart(newFieldSchema, FORM_ERRORS.invalidFirstField).optional(),
});
export type FormCreateBody = { form: FormSettings; firstField?: FieldInput };

/** What the builder saves of the form: settings, field order and logic. */
const formSaveSchema = formSettingsSchema.extend({
  fieldIds: uuidList,
  logicMap: logicMapSchema,
});
export type FormSave = FormSettings & { fieldIds: string[]; logicMap?: Record<string, LogicEntryInput> };

/** Update (spec: form, new fields, updated fields and removed field ids), applied at once. */
export const formUpdateBodySchema = z.strictObject({
  form: specPart(formSaveSchema, FORM_ERRORS.invalidForm),
  newFields: specPart(newFieldsSchema, FORM_ERRORS.invalidNewFields).optional(),
  updatedFields: specPart(z.array(fieldSchema).max(MAX_FIELDS), FORM_ERRORS.invalidUpdatedFields).optional(),
  removedFieldIds: uuidList.optional(),
});
export type FormUpdateBody = {
  form: FormSave;
  newFields?: FieldInput[];
  updatedFields?: FieldInput[];
  removedFieldIds?: string[];
};

// ---- Confirmations ----

/** A confirmation as created or edited; the id is the server's. */
const confirmationBodyShape = confirmationSchema.omit({
  id: true,
  createdAt: true,
  createdBy: true,
  updatedAt: true,
  updatedBy: true,
});
export const confirmationBodySchema = specPart(confirmationBodyShape, FORM_ERRORS.invalidConfirmation);
export type ConfirmationBody = Omit<
  ConfirmationInput,
  'id' | 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy'
>;
export const confirmationListResponseSchema = z.object({ items: z.array(engineRecord) });
/** One confirmation in an answer (typed Confirmation). */
export const confirmationResponseSchema = engineRecord;
export type ConfirmationListResponse = { items: Confirmation[] };

// ---- Field groups (admin only) ----

export const fieldGroupListQuerySchema = listQuerySchema(FIELD_GROUP_SORTS, 'title').extend({
  archived: booleanQuery,
});
export type FieldGroupListQuery = z.input<typeof fieldGroupListQuerySchema>;

export const fieldGroupRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  fieldsCount: z.number().int(),
  isArchived: z.boolean(),
  isPublished: z.boolean(),
  /** Forms whose templates embed it: such a group cannot be deleted. */
  usedInFormsCount: z.number().int(),
  updatedAt: z.string(),
});
export type FieldGroupRow = z.output<typeof fieldGroupRowSchema>;
export const fieldGroupListResponseSchema = z.object({
  items: z.array(fieldGroupRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: formsCountsSchema,
});
export type FieldGroupListResponse = z.output<typeof fieldGroupListResponseSchema>;

/** One field group as the builder opens it: the group, its fields in order, and its lock. */
export const fieldGroupDetailSchema = z.object({
  fieldGroup: engineRecord,
  fields: z.array(engineRecord),
  lock: lockSchema.nullable(),
  currency: z.string(),
});
export type FieldGroupDetail = {
  fieldGroup: FieldGroup;
  fields: Field[];
  lock: Lock | null;
  /** The event's currency (ISO 4217), as with a form: the group's item prices are shown in it. */
  currency: string;
};

export const fieldGroupSettingsSchema = z.strictObject({
  title: z.string().trim().min(1, 'Required').max(200),
  description: z.string().trim().max(5000).default(''),
  // A group made in the builder starts published (engine: fieldGroupInputSchema).
  isPublished: z.boolean().default(true),
});
export type FieldGroupSettings = z.input<typeof fieldGroupSettingsSchema>;
export const fieldGroupCreateBodySchema = specPart(fieldGroupSettingsSchema, FORM_ERRORS.invalidFieldGroup);

const fieldGroupSaveSchema = fieldGroupSettingsSchema.extend({
  fieldIds: uuidList,
  logicMap: logicMapSchema,
});
export type FieldGroupSave = FieldGroupSettings & {
  fieldIds: string[];
  logicMap?: Record<string, LogicEntryInput>;
};
export const fieldGroupUpdateBodySchema = z.strictObject({
  fieldGroup: specPart(fieldGroupSaveSchema, FORM_ERRORS.invalidFieldGroup),
  newFields: specPart(newFieldsSchema, FORM_ERRORS.invalidNewFields).optional(),
  updatedFields: specPart(z.array(fieldSchema).max(MAX_FIELDS), FORM_ERRORS.invalidUpdatedFields).optional(),
  removedFieldIds: uuidList.optional(),
});
export type FieldGroupUpdateBody = {
  fieldGroup: FieldGroupSave;
  newFields?: FieldInput[];
  updatedFields?: FieldInput[];
  removedFieldIds?: string[];
};
