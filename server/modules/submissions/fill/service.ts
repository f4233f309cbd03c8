import { pickConfirmation } from '../../../../shared/forms/confirmations';
import type { EvaluationContext, FormDefinition } from '../../../../shared/forms/definition';
import type { Confirmation } from '../../../../shared/forms/schema/confirmation';
import { SUBMISSION_ERRORS } from '../../../../shared/forms/submissionsApi';
import {
  type SubmissionProblem,
  type ValidationResult,
  validateSubmission,
} from '../../../../shared/forms/validate';
import { badRequest } from '../../../platform/http/errors';

const pathOf = (problem: SubmissionProblem): (string | number)[] =>
  problem.templateFieldId !== null && problem.loopIndex !== null
    ? [problem.templateFieldId, problem.loopIndex, problem.fieldId]
    : [problem.fieldId];

/**
 * The engine's whole result for answers checkedAnswers returned, by the very object it returned:
 * claiming the files checks only the upload answers again with it (uploads/service.ts), instead of the whole
 * submission a second time. The values are never changed in between (each save passes them on).
 */
const resultOf = new WeakMap<Record<string, unknown>, ValidationResult>();

/** What the engine found for values checkedAnswers returned (none for any other object). */
export const checkedResultOf = (values: Record<string, unknown>): ValidationResult | undefined =>
  resultOf.get(values);

/**
 * The answers to store, as the engine reads them: the same checks the browser ran, hidden answers
 * and unknown ids dropped. A draft skips the required checks, never the type checks. Anything the
 * engine refuses answers 400 with one issue per problem, at the field (and loop) it belongs to.
 */
export function checkedAnswers(
  definition: FormDefinition,
  values: Record<string, unknown>,
  options: { isDraft: boolean; context: EvaluationContext },
): Record<string, unknown> {
  const result = validateSubmission(definition, values, options);
  if (!result.isValid) {
    throw badRequest(
      SUBMISSION_ERRORS.invalidSubmission,
      result.problems.map((problem) => ({ path: pathOf(problem), message: problem.message })),
    );
  }
  resultOf.set(result.values, result);
  return result.values;
}

/** The confirmation the rules choose for these answers (spec: default when none matches). */
export function confirmationFor(
  definition: FormDefinition,
  confirmations: readonly Confirmation[],
  values: Record<string, unknown>,
  context: EvaluationContext,
): string | null {
  return pickConfirmation(definition, confirmations, values, context)?.id ?? null;
}
