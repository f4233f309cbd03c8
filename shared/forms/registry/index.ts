import type { Field, FieldType } from '../schema/field';
import { choiceTypes } from './choices';
import { commerceTypes } from './commerce';
import { compoundTypes } from './compound';
import { fileTypes } from './files';
import { inputTypes } from './inputs';
import { layoutTypes } from './layout';
import { templateTypes } from './template';
import type { FieldTypeEntry } from './types';

const entries = [
  ...inputTypes,
  ...choiceTypes,
  ...compoundTypes,
  ...fileTypes,
  ...commerceTypes,
  ...layoutTypes,
  ...templateTypes,
];

/** Every field type's behaviour, by type: one place to ask "how does this type work?". */
export const fieldTypes: ReadonlyMap<FieldType, FieldTypeEntry> = new Map(
  entries.map((entry) => [entry.type, entry]),
);

export function fieldTypeOf(field: Field | FieldType): FieldTypeEntry {
  const type = typeof field === 'string' ? field : field.type;
  const entry = fieldTypes.get(type);
  if (!entry) throw new Error(`No field type "${type}"`);
  return entry;
}

/** Whether a field stores an answer (layout items and the grand total do not). */
export const holdsValue = (field: Field): boolean => fieldTypeOf(field).holdsValue;
