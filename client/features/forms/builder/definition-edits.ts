import type { Field, FieldType, FormDefinition } from '../../../../shared/forms';
import { fieldTypeOf, parseField } from '../../../../shared/forms';

// Changes the builder makes to an in-memory definition. Each returns a new definition (the
// engine caches work per definition object, so one is never changed in place).

export const newFieldId = (): string => crypto.randomUUID();

function withFields(
  definition: FormDefinition,
  fieldIds: string[],
  fields: Record<string, Field>,
): FormDefinition {
  return { ...definition, form: { ...definition.form, fieldIds }, fields };
}

/** A new field of the type, parsed by the engine so every default is the engine's. */
export function addField(
  definition: FormDefinition,
  type: FieldType,
  extra: { fieldGroupId?: string; label?: string } = {},
): { definition: FormDefinition; fieldId: string } {
  const id = newFieldId();
  const field = parseField({ id, type, label: extra.label ?? fieldTypeOf(type).displayName, ...extra });
  const fieldIds = [...definition.form.fieldIds, id];
  return { definition: withFields(definition, fieldIds, { ...definition.fields, [id]: field }), fieldId: id };
}

/** A copy of the field, placed right after it, under a new id. */
export function duplicateField(definition: FormDefinition, fieldId: string): FormDefinition {
  const field = definition.fields[fieldId];
  if (!field) return definition;
  const id = newFieldId();
  const fieldIds = [...definition.form.fieldIds];
  fieldIds.splice(fieldIds.indexOf(fieldId) + 1, 0, id);
  return withFields(definition, fieldIds, { ...definition.fields, [id]: { ...field, id } });
}

/** Removes the field and the logic it owns; rules elsewhere that read it are then reported by checkFormLogic. */
export function deleteField(definition: FormDefinition, fieldId: string): FormDefinition {
  const { [fieldId]: _removed, ...fields } = definition.fields;
  const { [fieldId]: _logic, ...logicMap } = definition.form.logicMap;
  const next = withFields(
    definition,
    definition.form.fieldIds.filter((id) => id !== fieldId),
    fields,
  );
  return { ...next, form: { ...next.form, logicMap } };
}

export function reorderFields(definition: FormDefinition, fieldIds: string[]): FormDefinition {
  return withFields(definition, fieldIds, { ...definition.fields });
}

export function replaceField(definition: FormDefinition, field: Field): FormDefinition {
  return withFields(definition, definition.form.fieldIds, { ...definition.fields, [field.id]: field });
}
