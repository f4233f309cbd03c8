import type { FormDefinition } from './definition';
import { findCycles } from './logic-cycles';
import { planScope } from './logic-plan';
import { fieldTypeOf } from './registry';
import { loopLimit } from './registry/template';
import type { Field } from './schema/field';
import type { FieldGroupScope } from './schema/field-group';
import type { LogicMap, Rule, SourceType } from './schema/logic';
import { CLIENT_SOURCES } from './schema/logic';

// The checks a logic map must pass before it is saved, each with a message an organiser can act on.

export type LogicProblemCode =
  | 'missing-field'
  | 'missing-target'
  | 'missing-source'
  | 'missing-nested'
  | 'unusable-source'
  | 'source-type-mismatch'
  | 'unknown-option'
  | 'unknown-client-source'
  | 'loop-out-of-range'
  | 'no-rules'
  | 'cycle';

export interface LogicProblem {
  code: LogicProblemCode;
  /** The key of the logic entry at fault (for a cycle: a field on the circle). */
  fieldId: string;
  message: string;
}

export interface LogicScope {
  fieldIds: readonly string[];
  logicMap: LogicMap;
}

/** How a field is named in a message: its label, or its type when it has none. */
export function fieldName(field: Field | undefined, id: string): string {
  if (!field) return `"${id}"`;
  return `"${field.label.trim() || field.reportLabel.trim() || `Untitled ${fieldTypeOf(field).displayName}`}"`;
}

/** The source type a rule on this field should carry, or null when only "is empty" can be asked. */
export function sourceTypeOf(field: Field): SourceType | null {
  switch (field.type) {
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
    case 'area':
    case 'date':
      return 'text';
    case 'number':
    case 'checkbox':
    case 'dropdown':
    case 'template':
      return field.type;
    case 'disclaimer':
      return 'boolean';
    default:
      return null;
  }
}

/** Layout items hold nothing to compare; item lists and multi-file uploads cannot be chosen in rules. */
export function canBeRuleSource(field: Field): boolean {
  if (!fieldTypeOf(field).holdsValue || field.type === 'itemList') return false;
  return !(field.type === 'upload' && field.isMulti);
}

const FIELD_SOURCE_TYPES: readonly SourceType[] = [
  'text',
  'number',
  'checkbox',
  'dropdown',
  'boolean',
  'template',
];

function ruleValueProblems(
  field: Field,
  declared: SourceType | '',
  value: string,
  where: string,
): LogicProblem[] {
  const problems: Omit<LogicProblem, 'fieldId'>[] = [];
  const name = fieldName(field, field.id);
  const expected = sourceTypeOf(field);
  if (!canBeRuleSource(field)) {
    problems.push({
      code: 'unusable-source',
      message: `${where} reads ${name}, which cannot be used in rules`,
    });
  } else if (declared && expected && declared !== expected && FIELD_SOURCE_TYPES.includes(declared)) {
    const type = fieldTypeOf(field).displayName;
    problems.push({
      code: 'source-type-mismatch',
      message: `${where} treats ${name} as ${declared}, but it is a ${type} field`,
    });
  }
  if ((field.type === 'checkbox' || field.type === 'dropdown') && value !== '') {
    if (!field.options.some((option) => option.id === value)) {
      problems.push({
        code: 'unknown-option',
        message: `${where} looks for an option ${name} no longer has`,
      });
    }
  }
  return problems.map((problem) => ({ ...problem, fieldId: '' }));
}

interface RuleCheck {
  scopeFields: ReadonlyMap<string, Field>;
  allFields: Readonly<Record<string, Field>>;
  fieldGroups: Readonly<Record<string, FieldGroupScope>>;
  scopeName: string;
  where: string;
}

function ruleProblems(rule: Rule, check: RuleCheck): LogicProblem[] {
  const { where, scopeName } = check;
  if (rule.sourceType === 'customField') return [];
  if (rule.sourceType === 'client') {
    const known = CLIENT_SOURCES.some((source) => source === rule.sourceId);
    const message = `${where} reads "${rule.sourceId}", which is not something known about the person filling in`;
    return known ? [] : [{ code: 'unknown-client-source', fieldId: '', message }];
  }
  const source = check.scopeFields.get(rule.sourceId);
  if (!source) {
    const message = `${where} reads a field that is not in this ${scopeName}`;
    return [{ code: 'missing-source', fieldId: '', message }];
  }
  const problems = ruleValueProblems(source, rule.sourceType, rule.sourceValue, where);
  if (source.type !== 'template' || !rule.nestedId) return problems;
  const group = check.fieldGroups[source.fieldGroupId];
  const nested = group?.fieldIds.includes(rule.nestedId) ? check.allFields[rule.nestedId] : undefined;
  if (!nested) {
    const message = `${where} reads a field that is not in the group ${fieldName(source, source.id)} repeats`;
    return [...problems, { code: 'missing-nested', fieldId: '', message }];
  }
  problems.push(...ruleValueProblems(nested, rule.nestedType, rule.nestedValue, where));
  const limit = loopLimit(source);
  if (rule.loopIndex !== null && rule.loopIndex >= limit) {
    const message = `${where} looks at entry ${rule.loopIndex + 1}, but ${fieldName(source, source.id)} has at most ${limit}`;
    problems.push({ code: 'loop-out-of-range', fieldId: '', message });
  }
  return problems;
}

/**
 * Everything wrong with a logic map, as a list (empty when it may be saved): entries, branches
 * and rules that point at missing fields, rules that cannot be evaluated, and logic that goes
 * round in a circle. Works for a form's map and for a field group's.
 */
export function checkLogicMap(
  scope: LogicScope,
  fields: Readonly<Record<string, Field>>,
  fieldGroups: Readonly<Record<string, FieldGroupScope>> = {},
  scopeName: 'form' | 'field group' = 'form',
): LogicProblem[] {
  const plan = planScope(scope.fieldIds, scope.logicMap, fields);
  const problems: LogicProblem[] = [];
  for (const [key, entry] of Object.entries(scope.logicMap)) {
    const owner = plan.fields.get(key);
    if (!owner) {
      const message = `There is logic for a field that is not in this ${scopeName} (${key})`;
      problems.push({ code: 'missing-field', fieldId: key, message });
      continue;
    }
    const where = `A rule in the logic on ${fieldName(owner, key)}`;
    for (const target of [entry.thenFieldId, entry.elseFieldId]) {
      if (target && !plan.fields.has(target)) {
        const message = `The logic on ${fieldName(owner, key)} shows a field that is not in this ${scopeName}`;
        problems.push({ code: 'missing-target', fieldId: key, message });
      }
    }
    if (entry.rules.length === 0) {
      problems.push({
        code: 'no-rules',
        fieldId: key,
        message: `The logic on ${fieldName(owner, key)} has no rules`,
      });
    }
    const check = { scopeFields: plan.fields, allFields: fields, fieldGroups, scopeName, where };
    for (const rule of entry.rules) {
      problems.push(...ruleProblems(rule, check).map((problem) => ({ ...problem, fieldId: key })));
    }
  }
  for (const cycle of findCycles(plan)) {
    problems.push({ code: 'cycle', fieldId: cycle[0], message: cycleMessage(cycle, plan.fields) });
  }
  return problems;
}

function cycleMessage(cycle: readonly string[], fields: ReadonlyMap<string, Field>): string {
  const name = (id: string) => fieldName(fields.get(id), id);
  if (cycle.length === 1) {
    return `The logic goes round in a circle: whether ${name(cycle[0])} is shown depends on itself. Change one of these rules`;
  }
  const chain = cycle.slice(1).map((id) => `, which depends on ${name(id)}`);
  return `The logic goes round in a circle: whether ${name(cycle[0])} is shown depends on ${name(cycle[1])}${chain.slice(1).join('')}, which depends on ${name(cycle[0])}. Change one of these rules`;
}

/**
 * Rules outside the logic map (a confirmation's, a notification's, a webhook's) read against the
 * form's own fields, with the same checks as the logic's rules; each problem names its rule's index.
 */
export function checkRules(
  rules: readonly Rule[],
  definition: FormDefinition,
  where: string,
): (LogicProblem & { ruleIndex: number })[] {
  const { form, fields, fieldGroups } = definition;
  const plan = planScope(form.fieldIds, form.logicMap, fields);
  const check = {
    scopeFields: plan.fields,
    allFields: fields,
    fieldGroups,
    scopeName: 'form' as const,
    where,
  };
  return rules.flatMap((rule, ruleIndex) =>
    ruleProblems(rule, check).map((problem) => ({ ...problem, ruleIndex })),
  );
}

/** The form's logic and the logic of every group its templates embed, checked together. */
export function checkFormLogic(definition: FormDefinition): LogicProblem[] {
  const { form, fields, fieldGroups } = definition;
  const problems = checkLogicMap(form, fields, fieldGroups, 'form');
  const groupIds = new Set(
    form.fieldIds.flatMap((id) => {
      const field = fields[id];
      return field?.type === 'template' ? [field.fieldGroupId] : [];
    }),
  );
  for (const groupId of groupIds) {
    const group = fieldGroups[groupId];
    if (group) problems.push(...checkLogicMap(group, fields, {}, 'field group'));
  }
  return problems;
}
