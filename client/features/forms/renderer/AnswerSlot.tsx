import { type Dispatch, memo, type SetStateAction, useCallback, useMemo } from 'react';
import type { Field, FieldOf } from '../../../../shared/forms';
import { setLoopValue } from '../../../../shared/forms';
import { AnswerInput } from './AnswerInput';

type Answers = Record<string, unknown>;

export interface AnswerSlotProps {
  field: Field;
  value: unknown;
  error?: string;
  currency: string;
  /** For a field in a template's loop: the template and the loop it sits in. */
  template?: FieldOf<'template'>;
  loopIndex?: number;
  /** The renderer's answers setter (stable), written through with the answer's place. */
  update: Dispatch<SetStateAction<Answers>>;
}

/**
 * One answer input whose props stay the same objects while other fields change, so a keystroke
 * re-renders the field typed in (and what its answer changes) rather than the whole page.
 */
export const AnswerSlot = memo(function AnswerSlot({
  field,
  value,
  error,
  currency,
  template,
  loopIndex = 0,
  update,
}: AnswerSlotProps) {
  const onChange = useCallback(
    (next: unknown) =>
      update((current) =>
        template
          ? {
              ...current,
              [template.id]: setLoopValue(template, current[template.id], loopIndex, field.id, next),
            }
          : { ...current, [field.id]: next },
      ),
    [update, template, loopIndex, field.id],
  );
  const place = useMemo(
    () => (template ? { fieldId: field.id, templateFieldId: template.id, loopIndex } : undefined),
    [template, loopIndex, field.id],
  );
  return (
    <AnswerInput
      field={field}
      value={value}
      currency={currency}
      error={error}
      place={place}
      onChange={onChange}
    />
  );
});
