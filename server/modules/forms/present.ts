import type { Confirmation } from '../../../shared/forms/schema/confirmation';
import { type Field, fieldSchema } from '../../../shared/forms/schema/field';
import type { FieldGroup } from '../../../shared/forms/schema/field-group';
import type { Form } from '../../../shared/forms/schema/form';
import {
  type LogicMap,
  logicEntrySchema,
  logicMapSchema,
  ruleSchema,
} from '../../../shared/forms/schema/logic';
import { type FormNotification, formNotificationSchema } from '../../../shared/forms/schema/notification';
import { type BadRecord, firstIssue } from '../../platform/badRecords';
import type {
  editLocks,
  fieldGroups,
  formConfirmations,
  formFields,
  formNotifications,
  forms,
} from './tables';

/** Rows as stored, and the engine's records they are read into (every JSONB part parsed again). */
export type FormRecord = typeof forms.$inferSelect;
export type FieldRecord = typeof formFields.$inferSelect;
export type FieldGroupRecord = typeof fieldGroups.$inferSelect;
export type ConfirmationRecord = typeof formConfirmations.$inferSelect;
export type NotificationRecord = typeof formNotifications.$inferSelect;
export type LockRecord = typeof editLocks.$inferSelect;

type Audited = { createdAt: Date; createdBy: string; updatedAt: Date; updatedBy: string };

export function stampsOf(row: Audited) {
  return {
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/**
 * A stored field read back through the engine's schema. One that fails (an old or hand-edited
 * row) is reported and left out, as the spec asks, instead of breaking the whole form.
 */
export function readField(row: FieldRecord, onBad: (message: string) => void): Field | null {
  // Keyed by everything the record is made of, so a hit is the same row read again, never a stale
  // one (any process may have changed it: the key holds the content, not a version).
  const stamps = stampsOf(row);
  const key = `${row.id}\u0000${row.type}\u0000${stamps.createdAt}\u0000${stamps.createdBy}\u0000${stamps.updatedAt}\u0000${stamps.updatedBy}\u0000${JSON.stringify(row.settings)}`;
  const known = readFields.get(key);
  if (known) return known;
  const parsed = fieldSchema.safeParse({ ...row.settings, id: row.id, type: row.type, ...stamps });
  if (parsed.success) {
    if (readFields.size >= READ_FIELDS_KEPT) readFields.delete(readFields.keys().next().value ?? '');
    readFields.set(key, deepFreeze(parsed.data));
    return parsed.data;
  }
  onBad(`form field ${row.id} left out: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return null;
}

/**
 * Fields already read through the schema, by their stored content. Every fill, draft, upload and
 * submit reads the whole form: for the 300-field form the schema took ~4 ms of CPU per request.
 * Shared by every reader, so frozen: a caller changing one would change it for all.
 */
const readFields = new Map<string, Field>();
const READ_FIELDS_KEPT = 20_000;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

type Stamped = { id: string; createdAt?: string; createdBy?: string; updatedAt?: string; updatedBy?: string };

/** What a record stores in `settings`: the engine record less its id and stamps (columns of their own). */
export function storedSettings(record: Stamped): Record<string, unknown> {
  const { id: _id, createdAt: _ca, createdBy: _cb, updatedAt: _ua, updatedBy: _ub, ...settings } = record;
  return settings;
}

/** A field's settings: also less its type, which has a column. */
export function fieldSettings(field: Field): Record<string, unknown> {
  const { type: _type, ...settings } = storedSettings(field);
  return settings;
}

/** A template's embedded group is its fieldGroupId; other fields name the group they sit in. */
export const embeddedGroupOf = (field: Field) =>
  field.type === 'template' && field.fieldGroupId ? field.fieldGroupId : null;

/**
 * A stored logic map read entry by entry: an entry failing its shape check is left out and reported
 * (spec: readers drop records that fail the check and report them), so one hand-edited rule never
 * turns the whole form into a 500; a map that is not a map at all reads as no logic.
 */
export function readLogicMap(
  raw: unknown,
  owner: { kind: 'form' | 'field group'; id: string },
  onBad: (record: BadRecord) => void,
): LogicMap {
  const whole = logicMapSchema.safeParse(raw);
  if (whole.success) return whole.data;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    onBad({ kind: `${owner.kind} logic map`, id: owner.id, issue: firstIssue(whole.error) });
    return {};
  }
  const kept: LogicMap = {};
  for (const [fieldId, entry] of Object.entries(raw)) {
    const parsed = logicEntrySchema.safeParse(entry);
    if (parsed.success) kept[fieldId] = parsed.data;
    else
      onBad({
        kind: `${owner.kind} logic entry`,
        id: `${owner.id}/${fieldId}`,
        issue: firstIssue(parsed.error),
      });
  }
  return kept;
}

export function presentForm(
  row: FormRecord,
  ids: { fieldIds: string[]; confirmationIds: string[]; notificationIds: string[] },
  onBad: (record: BadRecord) => void,
): Form {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    ...ids,
    // Submissions and webhooks arrive with their issues; until then a form has none.
    submissionsIds: [],
    webhookIds: [],
    logicMap: readLogicMap(row.logicMap, { kind: 'form', id: row.id }, onBad),
    isArchived: row.isArchived,
    isPublished: row.isPublished,
    isEditable: row.isEditable,
    isPublic: row.isPublic,
    ...stampsOf(row),
  };
}

export function presentFieldGroup(
  row: FieldGroupRecord,
  fieldIds: string[],
  onBad: (record: BadRecord) => void,
): FieldGroup {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    fieldIds,
    isPublished: row.isPublished,
    isArchived: row.isArchived,
    logicMap: readLogicMap(row.logicMap, { kind: 'field group', id: row.id }, onBad),
    ...stampsOf(row),
  };
}

export function presentConfirmation(row: ConfirmationRecord): Confirmation {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    operator: row.operator,
    rules: ruleSchema.array().parse(row.rules),
    isDefault: row.isDefault,
    isActive: row.isActive,
    ...stampsOf(row),
  };
}

/** A stored confirmation for a list: null (and reported) when its rules fail their shape check. */
export function readConfirmation(
  row: ConfirmationRecord,
  onBad: (record: BadRecord) => void,
): Confirmation | null {
  const rules = ruleSchema.array().safeParse(row.rules);
  if (rules.success) return { ...presentConfirmation({ ...row, rules: [] }), rules: rules.data };
  onBad({ kind: 'form confirmation', id: row.id, issue: firstIssue(rules.error) });
  return null;
}

/** A stored form notification for a list: null (and reported) when it fails its shape check. */
export function readNotification(
  row: NotificationRecord,
  onBad: (record: BadRecord) => void,
): FormNotification | null {
  const parsed = formNotificationSchema.safeParse({ ...row.settings, id: row.id, ...stampsOf(row) });
  if (parsed.success) return parsed.data;
  onBad({ kind: 'form notification', id: row.id, issue: firstIssue(parsed.error) });
  return null;
}

export function presentNotification(row: NotificationRecord): FormNotification {
  return formNotificationSchema.parse({ ...row.settings, id: row.id, ...stampsOf(row) });
}
