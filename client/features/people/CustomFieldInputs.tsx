import { Checkbox, Stack, TextInput, Title } from '@mantine/core';
import { missingRequiredField, requiredFieldMessage } from '../../../shared/people/customFieldRules';
import type { CustomFieldType } from '../../../shared/people/customFields';

export type FieldInput = {
  id: string;
  label: string;
  type: CustomFieldType;
  placeholder?: string;
  description?: string;
  isRequired?: boolean;
};
export type FieldValues = Record<string, string | boolean>;

/** A team's custom field values: a text box for text fields, a Yes/No checkbox for the others. */
export function CustomFieldInputs(props: {
  fields: FieldInput[];
  values: FieldValues;
  onChange: (values: FieldValues) => void;
  /** Messages by field id, e.g. '<label> is required'. */
  errors?: Record<string, string>;
  /** The section heading; null when the surrounding section already names it. */
  heading?: string | null;
}) {
  const heading = props.heading === undefined ? 'Custom fields' : props.heading;
  if (props.fields.length === 0) return null;
  const set = (id: string, value: string | boolean) => props.onChange({ ...props.values, [id]: value });
  return (
    <Stack gap="sm">
      {heading && (
        <Title order={2} size="h4" mt="sm">
          {heading}
        </Title>
      )}
      {props.fields.map((field) =>
        field.type === 'boolean' ? (
          <Checkbox
            key={field.id}
            label={field.label}
            description={field.description || undefined}
            checked={props.values[field.id] === true}
            error={props.errors?.[field.id]}
            onChange={(e) => set(field.id, e.currentTarget.checked)}
          />
        ) : (
          <TextInput
            key={field.id}
            label={field.label}
            description={field.description || undefined}
            placeholder={field.placeholder || undefined}
            withAsterisk={field.isRequired}
            error={props.errors?.[field.id]}
            value={typeof props.values[field.id] === 'string' ? String(props.values[field.id]) : ''}
            onChange={(e) => set(field.id, e.currentTarget.value)}
          />
        ),
      )}
    </Stack>
  );
}

/** The spec's required rule, checked before sending: the message sits under the empty field. */
export function requiredErrors(fields: FieldInput[], values: FieldValues): Record<string, string> {
  const missing = missingRequiredField(
    values,
    fields.map((f) => ({ ...f, isRequired: f.isRequired ?? false })),
  );
  return missing ? { [missing.id]: requiredFieldMessage(missing.label) } : {};
}
