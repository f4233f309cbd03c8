import { fieldTypeOf } from '../../../../shared/forms/registry';
import { type Field, type FieldType, fieldSchema } from '../../../../shared/forms/schema/field';

/** The palette's groups, the way an organiser thinks of fields (issue 13); every type in one group. */
export const PALETTE_GROUPS: readonly { title: string; types: readonly FieldType[] }[] = [
  { title: 'Questions', types: ['text', 'email', 'tel', 'url', 'number', 'area', 'date'] },
  { title: 'Choices', types: ['checkbox', 'dropdown', 'disclaimer'] },
  { title: 'Compound', types: ['address', 'fullName', 'repeater'] },
  { title: 'Files', types: ['upload'] },
  { title: 'Money', types: ['itemList', 'grandTotal'] },
  {
    title: 'Layout',
    types: ['customText', 'section', 'newPage', 'divider', 'callout', 'image', 'youTube', 'vimeo'],
  },
  { title: 'Reusable groups', types: ['template'] },
];

/** The builder's name for a type, from the engine's registry ('Short Text', 'Phone Number'). */
export const typeName = (type: FieldType) => fieldTypeOf(type).displayName;

/**
 * A new field of a type with the engine's defaults. Its id is made here, in the browser, because
 * logic rules name fields before they are saved (the server takes such UUIDs for new fields).
 */
export function newField(
  type: FieldType,
  id: string = crypto.randomUUID(),
  /** A template's field group: the one property no type can default. */
  extra: { fieldGroupId?: string; label?: string } = {},
): Field {
  const label = fieldTypeOf(type).holdsValue ? typeName(type) : '';
  return fieldSchema.parse({ id, type, label, ...extra });
}

/** A copy of a field under a new id, placed by the caller after the original. */
export function duplicateField(field: Field, id: string = crypto.randomUUID()): Field {
  return fieldSchema.parse({ ...field, id, label: field.label ? `${field.label} (Copy)` : '' });
}
