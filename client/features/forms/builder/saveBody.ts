import type {
  FieldGroupDetail,
  FieldGroupUpdateBody,
  FormDetail,
  FormUpdateBody,
} from '../../../../shared/forms/api';
import type { Field } from '../../../../shared/forms/schema/field';
import type { LogicEntry } from '../../../../shared/forms/schema/logic';

/** What the builder holds while editing: the form's (or group's) own fields in order, and its logic. */
export interface Draft {
  fields: Field[];
  logicMap: Record<string, LogicEntry>;
}

function draftFrom(
  fieldIds: readonly string[],
  fields: readonly Field[],
  logicMap: Draft['logicMap'],
): Draft {
  const byId = new Map(fields.map((field) => [field.id, field]));
  return { fields: fieldIds.flatMap((id) => byId.get(id) ?? []), logicMap: { ...logicMap } };
}

/** The form's own fields in the form's order (GET also returns the fields of embedded groups). */
export const draftOf = (detail: FormDetail): Draft =>
  draftFrom(detail.form.fieldIds, detail.fields, detail.form.logicMap);

/** A field group's fields in the group's order, and its logic. */
export const groupDraftOf = (detail: FieldGroupDetail): Draft =>
  draftFrom(detail.fieldGroup.fieldIds, detail.fields, detail.fieldGroup.logicMap);

/** A field the draft has not touched is the loaded object itself: only edited ones are serialised. */
const same = (a: Field, b: Field) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * What a save sends besides the settings: the new order and logic, then only what changed — new
 * fields, changed fields, removed ids — so a one-field edit sends one field.
 */
function draftChanges(before: Draft, draft: Draft) {
  const old = new Map(before.fields.map((field) => [field.id, field]));
  const now = new Set(draft.fields.map((field) => field.id));
  // Logic of a removed field goes with it; the engine refuses rules that still read it.
  const logicMap = Object.fromEntries(Object.entries(draft.logicMap).filter(([id]) => now.has(id)));
  return {
    fieldIds: draft.fields.map((field) => field.id),
    logicMap,
    newFields: draft.fields.filter((field) => !old.has(field.id)),
    updatedFields: draft.fields.filter((field) => {
      const was = old.get(field.id);
      return was !== undefined && !same(was, field);
    }),
    removedFieldIds: [...old.keys()].filter((id) => !now.has(id)),
  };
}

/** The form's save as the server takes it: its settings, order and logic, and the changed fields. */
export function saveBody(detail: FormDetail, draft: Draft): FormUpdateBody {
  const { form } = detail;
  const { fieldIds, logicMap, ...fields } = draftChanges(draftOf(detail), draft);
  return {
    form: {
      title: form.title,
      description: form.description,
      isPublished: form.isPublished,
      isEditable: form.isEditable,
      isPublic: form.isPublic,
      fieldIds,
      logicMap,
    },
    ...fields,
  };
}

/** A field group's save: the same diff, under the group's settings. */
export function groupSaveBody(detail: FieldGroupDetail, draft: Draft): FieldGroupUpdateBody {
  const { fieldGroup } = detail;
  const { fieldIds, logicMap, ...fields } = draftChanges(groupDraftOf(detail), draft);
  return {
    fieldGroup: {
      title: fieldGroup.title,
      description: fieldGroup.description,
      isPublished: fieldGroup.isPublished,
      fieldIds,
      logicMap,
    },
    ...fields,
  };
}

/** Whether the draft differs from what was loaded (to warn before leaving and enable Save). */
export function draftChanged(before: Draft, draft: Draft): boolean {
  const changes = draftChanges(before, draft);
  return (
    changes.newFields.length > 0 ||
    changes.updatedFields.length > 0 ||
    changes.removedFieldIds.length > 0 ||
    before.fields.map((field) => field.id).join() !== changes.fieldIds.join() ||
    JSON.stringify(changes.logicMap) !== JSON.stringify(before.logicMap)
  );
}

export const hasChanges = (detail: FormDetail, draft: Draft) => draftChanged(draftOf(detail), draft);
