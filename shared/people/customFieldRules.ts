import type { CustomField } from './customFields';

// The required-field rule the team screens run on save, apart from customFields.ts (its Zod
// schemas re-export it) so /my-team loads no Zod (decision 0041).

/** The message for a required field left empty on save (the forms' wording, named for the field). */
export function requiredFieldMessage(label: string): string {
  return `${label} is required`;
}

/**
 * The first required field left empty among the fields the writer sees, or null. A Yes/No field
 * always holds an answer (No is one), so only text fields can be missing.
 */
export function missingRequiredField<F extends Pick<CustomField, 'id' | 'label' | 'type' | 'isRequired'>>(
  values: Record<string, string | boolean>,
  fields: readonly F[],
): F | null {
  return (
    fields.find((f) => {
      if (!f.isRequired || f.type !== 'text') return false;
      const value = values[f.id];
      return typeof value !== 'string' || value.trim() === '';
    }) ?? null
  );
}
