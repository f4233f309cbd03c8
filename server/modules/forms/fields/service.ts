import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { FORM_ERRORS } from '../../../../shared/forms/api';
import type { Field } from '../../../../shared/forms/schema/field';
import type { FieldGroup } from '../../../../shared/forms/schema/field-group';
import type { DbOrTx, Tx } from '../../../platform/db/client';
import type { EventScope, Scope } from '../../../platform/http/actor';
import { badRequest } from '../../../platform/http/errors';
import { embeddedGroupOf, fieldSettings, presentFieldGroup, readField } from '../present';
import { fieldGroups, formFields } from '../tables';

/** The fields of a form or of a field group, kept in order; shared by both builders' saves. */

export type FieldOwner = { kind: 'form'; id: string } | { kind: 'fieldGroup'; id: string };
export type ReportBad = (message: string) => void;

const ownerColumn = (owner: FieldOwner) => (owner.kind === 'form' ? formFields.formId : formFields.groupId);

export async function loadFields(db: DbOrTx, scope: EventScope, owner: FieldOwner, onBad: ReportBad) {
  const { eventId } = scope;
  const rows = await db
    .select()
    .from(formFields)
    .where(and(eq(formFields.eventId, eventId), eq(ownerColumn(owner), owner.id)))
    .orderBy(asc(formFields.position));
  return rows.flatMap((row) => readField(row, onBad) ?? []);
}

/** Field groups by id with their fields, for templates: the rest of a form's FormDefinition. */
export async function loadGroupsWithFields(
  db: DbOrTx,
  scope: EventScope,
  groupIds: string[],
  onBad: ReportBad,
) {
  const { eventId } = scope;
  if (groupIds.length === 0) return { groups: [] as FieldGroup[], fields: [] as Field[] };
  const [groupRows, fieldRows] = await Promise.all([
    db
      .select()
      .from(fieldGroups)
      .where(and(eq(fieldGroups.eventId, eventId), inArray(fieldGroups.id, groupIds))),
    db
      .select()
      .from(formFields)
      .where(and(eq(formFields.eventId, eventId), inArray(formFields.groupId, groupIds)))
      .orderBy(asc(formFields.groupId), asc(formFields.position)),
  ]);
  const fields = fieldRows.flatMap((row) => readField(row, onBad) ?? []);
  const groups = groupRows.map((row) =>
    presentFieldGroup(
      row,
      fieldRows.filter((f) => f.groupId === row.id).map((f) => f.id),
      (bad) => onBad(`${bad.kind} ${bad.id} left out: ${bad.issue}`),
    ),
  );
  return { groups, fields };
}

export interface FieldChanges {
  /** The owner's field order after the save. */
  fieldIds: string[];
  newFields: Field[];
  updatedFields: Field[];
  removedFieldIds: string[];
}

export interface PlannedFields {
  /** Every field after the save, in order. */
  fields: Field[];
  /** Fields to write: new, updated, or moved. */
  writes: { field: Field; position: number }[];
  removedIds: string[];
}

function refuse(message: string): never {
  throw badRequest(message);
}

function hasDuplicates(ids: string[]) {
  return new Set(ids).size !== ids.length;
}

/**
 * Works out the owner's fields after a save, or refuses it with the spec's message for the part
 * at fault. `current` is what is stored now; `ownerMessage` is 'Invalid form' or 'Invalid field group'.
 */
export function planFieldChanges(
  owner: FieldOwner,
  current: Field[],
  changes: FieldChanges,
  ownerMessage: string,
): PlannedFields {
  const currentById = new Map(current.map((field) => [field.id, field]));
  const positionOf = new Map(current.map((field, index) => [field.id, index]));
  const removed = new Set(changes.removedFieldIds);
  if ([...removed].some((id) => !currentById.has(id))) refuse(ownerMessage);
  const updatedIds = changes.updatedFields.map((f) => f.id);
  if (hasDuplicates(updatedIds) || updatedIds.some((id) => !currentById.has(id) || removed.has(id))) {
    refuse(FORM_ERRORS.invalidUpdatedFields);
  }
  const newIds = changes.newFields.map((f) => f.id);
  if (hasDuplicates(newIds) || newIds.some((id) => currentById.has(id))) refuse(FORM_ERRORS.invalidNewFields);

  const byId = new Map(current.filter((f) => !removed.has(f.id)).map((f) => [f.id, f]));
  const changed = new Set<string>();
  for (const field of [...changes.updatedFields, ...changes.newFields]) {
    byId.set(field.id, withOwner(owner, field));
    changed.add(field.id);
  }
  const { fieldIds } = changes;
  if (hasDuplicates(fieldIds) || fieldIds.length !== byId.size || fieldIds.some((id) => !byId.has(id))) {
    refuse(ownerMessage);
  }
  const fields = fieldIds.flatMap((id) => byId.get(id) ?? []);
  const writes = fields.flatMap((field, position) =>
    changed.has(field.id) || positionOf.get(field.id) !== position ? [{ field, position }] : [],
  );
  return { fields, writes, removedIds: [...removed] };
}

/** A form's own fields name no group; a group's fields name it. A template keeps the group it embeds. */
function withOwner(owner: FieldOwner, field: Field): Field {
  if (field.type === 'template') return field;
  return { ...field, fieldGroupId: owner.kind === 'fieldGroup' ? owner.id : '' };
}

/**
 * Refuses new field ids already used elsewhere in the event (another form's or group's field),
 * and templates that embed a group the event does not have (or, in a group, the group itself).
 * A template that comes to embed a group (a new one, or one whose group is changed) must also
 * name a group that is not archived; one that keeps its group may keep an archived one, so
 * archiving a group never makes the forms that already embed it unsaveable.
 */
export async function checkFieldReferences(
  tx: DbOrTx,
  scope: EventScope,
  owner: FieldOwner,
  changes: FieldChanges,
  current: readonly Field[] = [],
) {
  const { eventId } = scope;
  const newIds = changes.newFields.map((f) => f.id);
  if (newIds.length > 0) {
    const taken = await tx
      .select({ id: formFields.id })
      .from(formFields)
      .where(and(eq(formFields.eventId, eventId), inArray(formFields.id, newIds)))
      .limit(1);
    if (taken.length > 0) refuse(FORM_ERRORS.invalidNewFields);
  }
  const storedGroupOf = new Map(current.map((field) => [field.id, embeddedGroupOf(field)]));
  const lists = [
    ['newFields', changes.newFields, FORM_ERRORS.invalidNewFields],
    ['updatedFields', changes.updatedFields, FORM_ERRORS.invalidUpdatedFields],
  ] as const;
  for (const [part, list, message] of lists) {
    const embedded = [...new Set(list.flatMap((f) => embeddedGroupOf(f) ?? []))];
    if (embedded.length === 0) continue;
    if (owner.kind === 'fieldGroup' && embedded.includes(owner.id)) refuse(message);
    const found = await tx
      .select({ id: fieldGroups.id, isArchived: fieldGroups.isArchived })
      .from(fieldGroups)
      .where(and(eq(fieldGroups.eventId, eventId), inArray(fieldGroups.id, embedded)));
    if (found.length !== embedded.length) refuse(message);
    const archived = new Set(found.filter((g) => g.isArchived).map((g) => g.id));
    const index = list.findIndex((field) => {
      const groupId = embeddedGroupOf(field);
      return groupId !== null && archived.has(groupId) && storedGroupOf.get(field.id) !== groupId;
    });
    if (index >= 0) {
      throw badRequest(message, [
        { path: [part, index, 'fieldGroupId'], message: FORM_ERRORS.archivedFieldGroup },
      ]);
    }
  }
}

const WRITE_CHUNK = 500;

/** Applies a planned save: removed fields go, new/updated/moved fields are written in few statements. */
export async function writeFields(tx: Tx, scope: Scope, owner: FieldOwner, plan: PlannedFields) {
  const { eventId, accountId: by } = scope;
  if (plan.removedIds.length > 0) {
    await tx
      .delete(formFields)
      .where(
        and(
          eq(formFields.eventId, eventId),
          eq(ownerColumn(owner), owner.id),
          inArray(formFields.id, plan.removedIds),
        ),
      );
  }
  const now = new Date();
  for (let start = 0; start < plan.writes.length; start += WRITE_CHUNK) {
    const rows = plan.writes.slice(start, start + WRITE_CHUNK).map(({ field, position }) => ({
      eventId,
      id: field.id,
      formId: owner.kind === 'form' ? owner.id : null,
      groupId: owner.kind === 'fieldGroup' ? owner.id : null,
      position,
      type: field.type,
      embedsGroupId: embeddedGroupOf(field),
      settings: fieldSettings(field),
      createdBy: by,
      updatedBy: by,
      createdAt: now,
      updatedAt: now,
    }));
    const excluded = (column: string): SQL => sql.raw(`excluded.${column}`);
    await tx
      .insert(formFields)
      .values(rows)
      .onConflictDoUpdate({
        target: [formFields.eventId, formFields.id],
        set: {
          position: excluded('position'),
          type: excluded('type'),
          embedsGroupId: excluded('embeds_group_id'),
          settings: excluded('settings'),
          updatedAt: excluded('updated_at'),
          updatedBy: excluded('updated_by'),
        },
      });
  }
}
