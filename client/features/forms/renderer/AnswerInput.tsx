import { Checkbox, NumberInput, Textarea, TextInput } from '@mantine/core';
import type { Field } from '../../../../shared/forms';
import { fieldTypeOf } from '../../../../shared/forms';
import type { UploadPlace } from '../../../../shared/forms/submissionFiles';
import { asText } from './answer-parts';
import { ChoiceInput } from './ChoiceInput';
import { ItemListInput, PartsInput, RepeaterInput } from './CompoundInputs';
import { UploadField } from './UploadField';

/**
 * One answer input, chosen by field type. It only reads and writes the raw answer: what counts
 * as a valid answer is the engine's call (validateSubmission), never decided here.
 */
export interface AnswerInputProps {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  currency: string;
  /** Where the answer sits (a loop's field names its template and loop): an upload's folder. */
  place?: UploadPlace;
  /**
   * A text box keeps what is typed itself, starting from `value` (uncontrolled): its slot is the
   * answer's only writer, so a keystroke need not re-render it (AnswerSlot.tsx).
   */
  keepsTyping?: boolean;
}

const inputTypeOf: Partial<Record<Field['type'], string>> = {
  email: 'email',
  tel: 'tel',
  url: 'url',
  date: 'date',
};

export function AnswerInput({
  field,
  value,
  onChange,
  error,
  currency,
  place,
  keepsTyping = false,
}: AnswerInputProps) {
  const text = keepsTyping ? { defaultValue: asText(value) } : { value: asText(value) };
  const common = {
    label: field.label || fieldTypeOf(field).displayName,
    description: field.description || undefined,
    withAsterisk: field.isRequired,
    error,
  };
  switch (field.type) {
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
    case 'date':
      return (
        <TextInput
          {...common}
          type={inputTypeOf[field.type] ?? 'text'}
          {...text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'area':
      return <Textarea {...common} minRows={3} {...text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(next === '' ? null : next)}
        />
      );
    case 'checkbox':
    case 'dropdown':
      return <ChoiceInput field={field} value={value} onChange={onChange} common={common} />;
    case 'address':
    case 'fullName':
      return <PartsInput field={field} value={value} onChange={onChange} common={common} />;
    case 'repeater':
      return <RepeaterInput field={field} value={value} onChange={onChange} common={common} />;
    case 'upload':
      return (
        <UploadField
          field={field}
          value={value}
          onChange={onChange}
          place={place ?? { fieldId: field.id }}
          common={common}
        />
      );
    case 'disclaimer':
      return (
        <Checkbox
          label={field.label || 'I agree'}
          description={field.description || undefined}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked ? true : null)}
        />
      );
    case 'itemList':
      return (
        <ItemListInput field={field} value={value} onChange={onChange} common={common} currency={currency} />
      );
    default:
      return null;
  }
}
