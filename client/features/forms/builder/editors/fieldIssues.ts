import { type Field, fieldSchema } from '../../../../../shared/forms/schema/field';

/** Messages by property path ('items.0.price', 'cellSchema'): where an editor shows them. */
export type FieldIssues = Record<string, string>;

/**
 * What the shared field schema (the one the server parses a save with) says of the field as
 * edited, so a value the save would refuse is flagged at its input while the organiser types.
 */
export function fieldIssues(field: Field): FieldIssues {
  const result = fieldSchema.safeParse(field);
  if (result.success) return {};
  const issues: FieldIssues = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    issues[path] ??= issue.message;
  }
  return issues;
}

/** The props every type's editor takes: its field, the change, the panel's read-only state. */
export type EditorProps<F extends Field> = {
  field: F;
  onChange: (patch: Partial<F>) => void;
  disabled: boolean;
  issues: FieldIssues;
};
