import type { Field } from './schema/field';
import type { FieldGroupScope } from './schema/field-group';
import type { Form } from './schema/form';

/**
 * Everything the engine needs to know about one form: the form (field order and logic), its
 * fields and the fields of the groups its templates embed, and those groups. Treated as
 * immutable: the engine caches work per definition, so change it by making a new one.
 */
export interface FormDefinition {
  form: Form;
  /** Every field of the form and of the field groups its templates use, by id. */
  fields: Readonly<Record<string, Field>>;
  /** The field groups its templates use, by id. */
  fieldGroups: Readonly<Record<string, FieldGroupScope>>;
}

/** Builds a definition from lists, the way the server loads them. */
export function makeDefinition(
  form: Form,
  fields: readonly Field[],
  fieldGroups: readonly FieldGroupScope[] = [],
) {
  const definition: FormDefinition = {
    form,
    fields: Object.fromEntries(fields.map((field) => [field.id, field])),
    fieldGroups: Object.fromEntries(fieldGroups.map((group) => [group.id, group])),
  };
  return definition;
}

/** The signed-in person and their team, as rules, notifications and webhooks read them. */
export interface ClientData {
  userId: string;
  firstName: string;
  surname: string;
  email: string;
  teamId: string;
  teamName: string;
  /** The team's custom field values by custom field id: text, or Yes/No as a boolean. */
  customFields: Readonly<Record<string, string | boolean>>;
}

/** What logic may read besides the answers: the person filling in (null for a guest). */
export interface EvaluationContext {
  client: ClientData | null;
}

export const guestContext: EvaluationContext = { client: null };

/** 'Jane Smith': how the client's full name is read by rules and payloads. */
export function clientFullName(client: ClientData): string {
  return [client.firstName, client.surname].filter(Boolean).join(' ');
}
