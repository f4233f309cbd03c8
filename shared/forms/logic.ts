import type { ClientData, EvaluationContext, FormDefinition } from './definition';
import { guestContext } from './definition';
import type { ScopePlan } from './logic-plan';
import { formPlan, planScope } from './logic-plan';
import { loopAnswers } from './registry/template';
import { isRecord } from './registry/types';
import type { AnswerReader } from './rules';
import { rulesMatch } from './rules';
import type { Field } from './schema/field';
import type { FieldGroupScope } from './schema/field-group';
import type { LogicEntry } from './schema/logic';

// Which fields are shown. The meaning is written in docs/decisions/0002-form-logic.md.

/** Which fields are shown for a set of answers. */
export interface Visibility {
  /** Every field of the form, by id: shown or not. */
  fields: Record<string, boolean>;
  /** For each shown template: whether each field of its group is shown, one record per loop. */
  loops: Record<string, Record<string, boolean>[]>;
}

/** Answers and visibility of one scope (a form, or one loop of a template), read lazily. */
export interface ScopeEvaluator extends AnswerReader {
  isVisible(id: string): boolean;
  loops(templateId: string): ScopeEvaluator[];
  /** Every field of the scope, by id: shown or not. */
  visibility(): Record<string, boolean>;
}

export function scopeEvaluator(
  plan: ScopePlan,
  rawValues: unknown,
  client: ClientData | null,
): ScopeEvaluator {
  const values = isRecord(rawValues) ? rawValues : {};
  // null marks "being decided": meeting it again means a cycle, which reads as hidden and so ends.
  const shown = new Map<string, boolean | null>();
  const outcomes = new Map<string, boolean | null>();
  const loopCache = new Map<string, ScopeEvaluator[]>();

  function outcome(key: string, entry: LogicEntry): boolean {
    const known = outcomes.get(key);
    if (known !== undefined) return known === true;
    outcomes.set(key, null);
    const result = rulesMatch(entry.operator, entry.rules, evaluator);
    outcomes.set(key, result);
    return result;
  }

  /** A field some logic shows or hides is shown only when a live entry's chosen branch is it. */
  function isPicked(id: string): boolean {
    const keys = plan.controllers.get(id);
    if (!keys) return true;
    return keys.some((key) => {
      const entry = plan.entries.get(key);
      if (!entry || !isVisible(key)) return false;
      return (outcome(key, entry) ? entry.thenFieldId : entry.elseFieldId) === id;
    });
  }

  function isVisible(id: string): boolean {
    const known = shown.get(id);
    if (known !== undefined) return known === true;
    if (!plan.fields.has(id)) return false;
    shown.set(id, null);
    const container = plan.containerOf.get(id);
    const visible = (container === undefined || isVisible(container)) && isPicked(id);
    shown.set(id, visible);
    return visible;
  }

  function loops(templateId: string): ScopeEvaluator[] {
    const cached = loopCache.get(templateId);
    if (cached) return cached;
    const field = plan.fields.get(templateId);
    const groupPlan = plan.groups.get(templateId);
    let result: ScopeEvaluator[] = [];
    if (field?.type === 'template' && groupPlan) {
      const answers = isVisible(templateId) ? loopAnswers(field, values[templateId]) : [{}];
      result = answers.map((loopValues) => scopeEvaluator(groupPlan, loopValues, client));
    }
    loopCache.set(templateId, result);
    return result;
  }

  const evaluator: ScopeEvaluator = {
    client,
    field: (id: string): Field | undefined => plan.fields.get(id),
    answer: (id: string): unknown => (isVisible(id) ? values[id] : undefined),
    loops,
    isVisible,
    visibility() {
      const result: Record<string, boolean> = {};
      for (const id of plan.fieldIds) result[id] = isVisible(id);
      return result;
    },
  };
  return evaluator;
}

/** Reads a form's answers the way rules do; for confirmations, notifications and webhooks. */
export function formEvaluator(
  definition: FormDefinition,
  values: unknown,
  context: EvaluationContext = guestContext,
): ScopeEvaluator {
  return scopeEvaluator(formPlan(definition), values, context.client);
}

/** Which fields of a form are shown, and in each loop of each shown template which of its fields. */
export function evaluateVisibility(
  definition: FormDefinition,
  values: unknown,
  context: EvaluationContext = guestContext,
): Visibility {
  const evaluator = formEvaluator(definition, values, context);
  const fields = evaluator.visibility();
  const loops: Visibility['loops'] = {};
  for (const [templateId] of formPlan(definition).groups) {
    if (fields[templateId]) loops[templateId] = evaluator.loops(templateId).map((loop) => loop.visibility());
  }
  return { fields, loops };
}

/** Which fields of a field group are shown for one loop's answers (the builder's preview of a group). */
export function evaluateGroupVisibility(
  group: FieldGroupScope,
  fields: Readonly<Record<string, Field>>,
  values: unknown,
  context: EvaluationContext = guestContext,
): Record<string, boolean> {
  return scopeEvaluator(
    planScope(group.fieldIds, group.logicMap, fields),
    values,
    context.client,
  ).visibility();
}
