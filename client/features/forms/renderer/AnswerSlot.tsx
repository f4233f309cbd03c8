import { memo, useCallback, useMemo, useState } from 'react';
import type { Field, FieldOf } from '../../../../shared/forms';
import { setLoopValue } from '../../../../shared/forms';
import { AnswerInput } from './AnswerInput';
import { type AnswersStore, useAnswer } from './answersStore';

/**
 * Answers typed into a text box. A form-level one has one writer, its own box (no rule or loop
 * rewrites it), so the box keeps what is typed and the store is told: a keystroke re-renders
 * nothing, as in an uncontrolled form library. A loop's boxes stay controlled (removing a loop
 * moves the answers of the loops after it).
 */
const TYPED_IN = new Set<Field['type']>(['text', 'email', 'tel', 'url', 'date', 'area']);

export interface AnswerSlotProps {
  field: Field;
  /** The renderer's answers: a form-level field reads its own answer from it and writes through it. */
  store: AnswersStore;
  /**
   * A loop's field is given its value by the renderer (the loops are worked out from the
   * template's answer, which the renderer reads); a form-level field leaves it out.
   */
  value?: unknown;
  error?: string;
  currency: string;
  /** For a field in a template's loop: the template and the loop it sits in. */
  template?: FieldOf<'template'>;
  loopIndex?: number;
}

/**
 * One answer input whose props stay the same objects while other fields change, and which reads
 * its own answer from the store, so a keystroke re-renders the field typed in (and what its answer
 * changes) rather than the whole page.
 */
export const AnswerSlot = memo(function AnswerSlot({
  field,
  store,
  value: loopValue,
  error,
  currency,
  template,
  loopIndex = 0,
}: AnswerSlotProps) {
  const keepsTyping = !template && TYPED_IN.has(field.type);
  // A box that keeps its own text starts from the answer stored when it appears (a draft, or what
  // was typed before the page was left) and is not re-rendered as it changes.
  const [typedFrom] = useState(() => (keepsTyping ? store.get()[field.id] : undefined));
  const own = useAnswer(store, keepsTyping ? null : field.id);
  const value = keepsTyping ? typedFrom : template ? loopValue : own;
  const onChange = useCallback(
    (next: unknown) =>
      store.update((current) =>
        template
          ? {
              ...current,
              [template.id]: setLoopValue(template, current[template.id], loopIndex, field.id, next),
            }
          : { ...current, [field.id]: next },
      ),
    [store, template, loopIndex, field.id],
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
      keepsTyping={keepsTyping}
    />
  );
});
