import type { EvaluationContext, FormDefinition } from './definition';
import { guestContext } from './definition';
import type { Visibility } from './logic';
import { evaluateVisibility } from './logic';
import { formPlan } from './logic-plan';
import { fieldTypeOf } from './registry';
import { loopAnswers, readTemplateValue } from './registry/template';
import type { ValidationMode } from './registry/types';
import { isRecord } from './registry/types';
import type { Field, FieldOf } from './schema/field';

// A submission checked against its form, the same way in the browser and on the server.

export interface SubmissionProblem {
  /** The field at fault; '' when the answers as a whole could not be read. */
  fieldId: string;
  /** The template whose loop holds the field, or null for a field of the form itself. */
  templateFieldId: string | null;
  /** The 0-based loop, or null for a field of the form itself. */
  loopIndex: number | null;
  message: string;
}

export interface ValidationResult {
  isValid: boolean;
  /** The answers to store: read and tidied, hidden fields and unknown ids left out. */
  values: Record<string, unknown>;
  problems: SubmissionProblem[];
  /** The visibility the answers were checked with (what the person saw). */
  visibility: Visibility;
}

export interface ValidationOptions {
  /** A draft skips the required checks (and minimum counts) but not the type checks. */
  isDraft?: boolean;
  context?: EvaluationContext;
}

interface Collector {
  problems: SubmissionProblem[];
  mode: ValidationMode;
}

/** Reads and checks one answer; returns the value to keep, if any. */
function validateAnswer(
  field: Field,
  raw: unknown,
  collector: Collector,
  where: { templateFieldId: string | null; loopIndex: number | null },
): { keep: boolean; value?: unknown } {
  const { reading, messages } = fieldTypeOf(field).validate(field, raw, collector.mode);
  for (const message of messages) collector.problems.push({ fieldId: field.id, ...where, message });
  return reading.status === 'value' ? { keep: true, value: reading.value } : { keep: false };
}

function validateTemplate(
  definition: FormDefinition,
  field: FieldOf<'template'>,
  raw: unknown,
  visibility: Visibility,
  collector: Collector,
): unknown {
  const reading = readTemplateValue(field, raw);
  if (reading.status === 'invalid') {
    collector.problems.push({
      fieldId: field.id,
      templateFieldId: null,
      loopIndex: null,
      message: reading.message,
    });
  }
  const group = definition.fieldGroups[field.fieldGroupId];
  const loopVisibility = visibility.loops[field.id] ?? [];
  // An untouched template still has its first loop, whose required fields must be answered.
  const templateValues = loopAnswers(field, raw).map((loopValues, loopIndex) => {
    const kept: Record<string, unknown> = {};
    for (const id of group?.fieldIds ?? []) {
      const nested = definition.fields[id];
      // Templates do not nest: a template inside a group holds nothing.
      if (!nested || nested.type === 'template' || !loopVisibility[loopIndex]?.[id]) continue;
      const where = { templateFieldId: field.id, loopIndex };
      const answer = validateAnswer(nested, loopValues[id], collector, where);
      if (answer.keep) kept[id] = answer.value;
    }
    return kept;
  });
  return { loopCount: templateValues.length, templateValues };
}

/**
 * Checks answers against the form. Only fields shown for these answers are checked and kept,
 * so a hidden field is never required and its answer is dropped. Never throws: whatever JSON
 * arrives, the result lists every problem with its field, loop and a message for the person.
 */
export function validateSubmission(
  definition: FormDefinition,
  input: unknown,
  options: ValidationOptions = {},
): ValidationResult {
  const collector: Collector = { problems: [], mode: { isDraft: options.isDraft ?? false } };
  const answers = isRecord(input) ? input : {};
  if (!isRecord(input) && input !== undefined && input !== null) {
    collector.problems.push({
      fieldId: '',
      templateFieldId: null,
      loopIndex: null,
      message: 'The answers could not be read. Reload the form and try again',
    });
  }
  const visibility = evaluateVisibility(definition, answers, options.context ?? guestContext);
  const values: Record<string, unknown> = {};
  for (const id of formPlan(definition).fieldIds) {
    const field = definition.fields[id];
    if (!field || !visibility.fields[id] || !fieldTypeOf(field).holdsValue) continue;
    if (field.type === 'template') {
      values[id] = validateTemplate(definition, field, answers[id], visibility, collector);
      continue;
    }
    const answer = validateAnswer(field, answers[id], collector, { templateFieldId: null, loopIndex: null });
    if (answer.keep) values[id] = answer.value;
  }
  return { isValid: collector.problems.length === 0, values, problems: collector.problems, visibility };
}

/** Whether a rule (of the form or of a group) reads an upload answer, directly or in a loop. */
function rulesReadUploads(definition: FormDefinition): boolean {
  const maps = [definition.form.logicMap, ...Object.values(definition.fieldGroups).map((g) => g.logicMap)];
  return maps.some((map) =>
    Object.values(map).some((entry) =>
      entry.rules.some(
        (rule) =>
          definition.fields[rule.sourceId]?.type === 'upload' ||
          (rule.nestedId !== '' && definition.fields[rule.nestedId]?.type === 'upload'),
      ),
    ),
  );
}

/**
 * The answers checked again after only their upload answers changed (the server put its own
 * record of each file in them: name, size and type as stored). `checked` is validateSubmission's
 * result for the answers before the change and `values` the same kept values with the new upload
 * answers. Each answer is checked on its own, so when no rule reads an upload answer (the
 * visibility cannot change) only the upload answers need checking again; otherwise the whole
 * submission is. Either way the result is what validateSubmission would give for `values`.
 */
export function revalidateUploads(
  definition: FormDefinition,
  checked: ValidationResult,
  values: Record<string, unknown>,
  options: ValidationOptions = {},
): ValidationResult {
  if (rulesReadUploads(definition)) return validateSubmission(definition, values, options);
  const collector: Collector = { problems: [], mode: { isDraft: options.isDraft ?? false } };
  const out: Record<string, unknown> = {};
  const recheck = (field: Field | undefined, raw: unknown, where: Parameters<typeof validateAnswer>[3]) =>
    field?.type === 'upload' ? validateAnswer(field, raw, collector, where) : { keep: true, value: raw };
  for (const [id, value] of Object.entries(values)) {
    const field = definition.fields[id];
    if (field?.type === 'template' && isRecord(value) && Array.isArray(value.templateValues)) {
      const templateValues = value.templateValues.map((loop, loopIndex) => {
        const kept: Record<string, unknown> = {};
        for (const [nestedId, raw] of Object.entries(isRecord(loop) ? loop : {})) {
          const answer = recheck(definition.fields[nestedId], raw, { templateFieldId: id, loopIndex });
          if (answer.keep) kept[nestedId] = answer.value;
        }
        return kept;
      });
      out[id] = { ...value, templateValues };
      continue;
    }
    const answer = recheck(field, value, { templateFieldId: null, loopIndex: null });
    if (answer.keep) out[id] = answer.value;
  }
  return {
    isValid: collector.problems.length === 0,
    values: out,
    problems: collector.problems,
    visibility: checked.visibility,
  };
}
