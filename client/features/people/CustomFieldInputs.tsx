import { Checkbox, Stack, TextInput, Title } from '@mantine/core';
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
}) {
  if (props.fields.length === 0) return null;
  const set = (id: string, value: string | boolean) => props.onChange({ ...props.values, [id]: value });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" mt="sm">
        Custom fields
      </Title>
      {props.fields.map((field) =>
        field.type === 'boolean' ? (
          <Checkbox
            key={field.id}
            label={field.label}
            description={field.description || undefined}
            checked={props.values[field.id] === true}
            onChange={(e) => set(field.id, e.currentTarget.checked)}
          />
        ) : (
          <TextInput
            key={field.id}
            label={field.label}
            description={field.description || undefined}
            placeholder={field.placeholder || undefined}
            withAsterisk={field.isRequired}
            value={typeof props.values[field.id] === 'string' ? String(props.values[field.id]) : ''}
            onChange={(e) => set(field.id, e.currentTarget.value)}
          />
        ),
      )}
    </Stack>
  );
}
