import type { FormDetail, FormUpdateBody } from '../../../../shared/forms/api';
import type { Field } from '../../../../shared/forms/schema/field';
import type { LogicEntry } from '../../../../shared/forms/schema/logic';

/** What the builder holds while editing: the form's own fields in order, and its logic. */
export interface Draft {
  fields: Field[];
  logicMap: Record<string, LogicEntry>;
}

/** The form's own fields in the form's order (GET also returns the fields of embedded groups). */
export function draftOf(detail: FormDetail): Draft {
  const byId = new Map(detail.fields.map((field) => [field.id, field]));
  const fields = detail.form.fieldIds.flatMap((id) => byId.get(id) ?? []);
  return { fields, logicMap: { ...detail.form.logicMap } };
}

const same = (a: Field, b: Field) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The save as the server takes it: the form's settings with the new order and logic, then only
 * what changed — new fields, changed fields, removed ids — so a one-field edit sends one field.
 */
export function saveBody(detail: FormDetail, draft: Draft): FormUpdateBody {
  const { form } = detail;
  const before = new Map(draftOf(detail).fields.map((field) => [field.id, field]));
  const now = new Set(draft.fields.map((field) => field.id));
  const newFields = draft.fields.filter((field) => !before.has(field.id));
  const updatedFields = draft.fields.filter((field) => {
    const old = before.get(field.id);
    return old !== undefined && !same(old, field);
  });
  const removedFieldIds = [...before.keys()].filter((id) => !now.has(id));
  // Logic of a removed field goes with it; the engine refuses rules that still read it.
  const logicMap = Object.fromEntries(Object.entries(draft.logicMap).filter(([id]) => now.has(id)));
  return {
    form: {
      title: form.title,
      description: form.description,
      isPublished: form.isPublished,
      isEditable: form.isEditable,
      isPublic: form.isPublic,
      fieldIds: draft.fields.map((field) => field.id),
      logicMap,
    },
    newFields,
    updatedFields,
    removedFieldIds,
  };
}

/** Whether the draft differs from what was loaded (to warn before leaving and enable Save). */
export function hasChanges(detail: FormDetail, draft: Draft): boolean {
  const body = saveBody(detail, draft);
  return (
    (body.newFields?.length ?? 0) > 0 ||
    (body.updatedFields?.length ?? 0) > 0 ||
    (body.removedFieldIds?.length ?? 0) > 0 ||
    detail.form.fieldIds.join() !== body.form.fieldIds.join() ||
    JSON.stringify(body.form.logicMap) !== JSON.stringify(detail.form.logicMap)
  );
}
