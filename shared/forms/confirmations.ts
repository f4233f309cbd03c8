import type { EvaluationContext, FormDefinition } from './definition';
import { guestContext } from './definition';
import { formEvaluator } from './logic';
import { rulesMatch } from './rules';
import type { Confirmation } from './schema/confirmation';

/**
 * The confirmation a person sees after submitting: the first active, non-default confirmation
 * (in the form's order) whose rules match the answers, else the default. A confirmation without
 * rules never matches, so one just created cannot replace the default before it has rules.
 */
export function pickConfirmation(
  definition: FormDefinition,
  confirmations: readonly Confirmation[],
  values: unknown,
  context: EvaluationContext = guestContext,
): Confirmation | null {
  const reader = formEvaluator(definition, values, context);
  const matching = confirmations.find(
    (confirmation) =>
      confirmation.isActive &&
      !confirmation.isDefault &&
      confirmation.rules.length > 0 &&
      rulesMatch(confirmation.operator, confirmation.rules, reader),
  );
  return (
    matching ??
    confirmations.find((confirmation) => confirmation.isDefault && confirmation.isActive) ??
    confirmations.find((confirmation) => confirmation.isDefault) ??
    null
  );
}
