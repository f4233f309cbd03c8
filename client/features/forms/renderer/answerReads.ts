import { useRef } from 'react';
import type { FormDefinition } from '../../../../shared/forms';

// What the engine's live calculations read of the answers, so a keystroke in a field that no rule
// and no total reads leaves visibility and totals as they were (the same objects, no re-render of
// the other fields). The engine still decides everything: it is given the answers it reads.

type Answers = Record<string, unknown>;

/** Sources the engine reads from the person or their team, never from the answers. */
const NOT_ANSWERS = new Set(['client', 'customField']);

/**
 * The answers evaluateVisibility reads: every form-level rule's source field, and every template
 * (its loop count and the loops its group's own rules read).
 */
export function visibilityReads(definition: FormDefinition): string[] {
  const reads = new Set<string>();
  for (const entry of Object.values(definition.form.logicMap)) {
    for (const rule of entry.rules) if (!NOT_ANSWERS.has(rule.sourceType)) reads.add(rule.sourceId);
  }
  for (const id of definition.form.fieldIds) {
    if (definition.fields[id]?.type === 'template') reads.add(id);
  }
  return [...reads];
}

/** The answers computeTotals reads: the form's item lists, and templates (item lists in loops). */
export function totalsReads(definition: FormDefinition): string[] {
  return definition.form.fieldIds.filter((id) => {
    const type = definition.fields[id]?.type;
    return type === 'itemList' || type === 'template';
  });
}

/** Only the answers named, as the engine is to see them. */
export function pickAnswers(answers: Answers, ids: readonly string[]): Answers {
  const picked: Answers = {};
  for (const id of ids) if (id in answers) picked[id] = answers[id];
  return picked;
}

/**
 * The named answers, as the same object for as long as none of them changes, so a useMemo keyed
 * on it runs the engine again only when something it reads has changed.
 */
export function useAnswersRead(answers: Answers, ids: readonly string[]): Answers {
  const last = useRef<{ ids: readonly string[]; picked: Answers } | null>(null);
  const previous = last.current;
  if (
    previous &&
    previous.ids === ids &&
    ids.every((id) => previous.picked[id] === answers[id] && id in previous.picked === id in answers)
  ) {
    return previous.picked;
  }
  const picked = pickAnswers(answers, ids);
  last.current = { ids, picked };
  return picked;
}
