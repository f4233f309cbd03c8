import {
  canBeRuleSource,
  checkLogicMap,
  type LogicProblem,
  sourceTypeOf,
} from '../../../../shared/forms/check-logic';
import type { Field } from '../../../../shared/forms/schema/field';
import type { FieldGroupScope } from '../../../../shared/forms/schema/field-group';
import type { LogicEntry, LogicMap, Rule } from '../../../../shared/forms/schema/logic';
import { typeName } from './palette';

/**
 * The builder's side of logic: making rules and entries, saying in words what an entry does, and
 * keeping the map consistent when a field goes. What a rule means and whether a map may be saved
 * stay the engine's (shared/forms: rules.ts, check-logic.ts); nothing here judges a rule.
 */

/** A field as rules and sentences name it: its label, or its type when it has none. */
export const fieldTitle = (field: Field | undefined, id = '') =>
  field ? field.label.trim() || typeName(field.type) : id;

/** The fields a rule may read: the engine's own test (no layout items, item lists or multi-uploads). */
export const ruleSources = (fields: readonly Field[]) => fields.filter((field) => canBeRuleSource(field));

/** A rule reading `source`, compared with nothing yet ("is empty" until a value is chosen). */
export function newRule(source: Field): Rule {
  return {
    sourceId: source.id,
    sourceType: sourceTypeOf(source) ?? 'text',
    sourceValue: '',
    condition: 'equals',
    loopIndex: null,
    nestedId: '',
    nestedType: '',
    nestedValue: '',
    loopOperator: '',
  };
}

/** A first entry for `owner`: one rule on the owner itself when it can be read, else on the first source. */
export function newEntry(owner: Field, fields: readonly Field[]): LogicEntry | null {
  const source = canBeRuleSource(owner) ? owner : ruleSources(fields)[0];
  if (!source) return null;
  return { operator: 'ANY', rules: [newRule(source)], thenFieldId: '', elseFieldId: '' };
}

/**
 * The map without a removed field: its own entry goes, branches naming it are cleared, rules
 * reading it go, and an entry left without rules goes too (the engine refuses one).
 */
export function withoutField(logicMap: LogicMap, removedId: string): LogicMap {
  const next: LogicMap = {};
  for (const [ownerId, entry] of Object.entries(logicMap)) {
    if (ownerId === removedId) continue;
    const rules = entry.rules.filter((rule) => rule.sourceId !== removedId);
    if (rules.length === 0) continue;
    next[ownerId] = {
      ...entry,
      rules,
      thenFieldId: entry.thenFieldId === removedId ? '' : entry.thenFieldId,
      elseFieldId: entry.elseFieldId === removedId ? '' : entry.elseFieldId,
    };
  }
  return next;
}

/**
 * The map once a template embeds another group: rules reading a field inside the template's old
 * group go (rules on its loop count stay), and an entry left without rules goes too.
 */
export function withoutNestedRules(logicMap: LogicMap, templateId: string): LogicMap {
  const next: LogicMap = {};
  for (const [ownerId, entry] of Object.entries(logicMap)) {
    const rules = entry.rules.filter((rule) => rule.sourceId !== templateId || !rule.nestedId);
    if (rules.length > 0) next[ownerId] = rules.length === entry.rules.length ? entry : { ...entry, rules };
  }
  return next;
}

/** The engine's problems that concern the logic on `ownerId`, and every circle (which spans entries). */
export const problemsOf = (problems: readonly LogicProblem[], ownerId: string) =>
  problems.filter((problem) => problem.fieldId === ownerId || problem.code === 'cycle');

const quoted = (text: string) => `'${text}'`;

/** How a compared value reads: an option's label, ticked/not ticked, or the text itself. */
function valueWords(field: Field | undefined, value: string): string {
  if (field?.type === 'checkbox' || field?.type === 'dropdown') {
    return quoted(field.options.find((option) => option.id === value)?.label ?? value);
  }
  return quoted(value);
}

/** One comparison in words: "'Stand type' is 'Shell scheme'", "'Notes' is not empty". */
function comparison(subject: string, field: Field | undefined, value: string, negated: boolean): string {
  const is = negated ? 'is not' : 'is';
  if (value === '') return `${subject} ${is} empty`;
  if (field?.type === 'disclaimer') {
    const ticked = ['true', 'yes', '1'].includes(value.toLowerCase());
    return `${subject} ${ticked !== negated ? 'is ticked' : 'is not ticked'}`;
  }
  return `${subject} ${is} ${valueWords(field, value)}`;
}

/** Which loops a template rule reads, in words. */
function loopWords(rule: Rule): string {
  const operator = rule.loopOperator || (rule.loopIndex !== null ? 'index' : 'any');
  if (operator === 'index') return `entry ${(rule.loopIndex ?? 0) + 1} of`;
  return operator === 'all' ? 'every entry of' : 'any entry of';
}

/** One rule in words; `fields` holds the scope's fields and those of embedded groups. */
export function ruleWords(rule: Rule, fields: ReadonlyMap<string, Field>): string {
  const source = fields.get(rule.sourceId);
  const negated = rule.condition === 'notEquals';
  if (rule.sourceType === 'client' || rule.sourceType === 'customField') {
    return comparison(quoted(rule.sourceId), undefined, rule.sourceValue, negated);
  }
  const name = quoted(fieldTitle(source, rule.sourceId));
  if (source?.type !== 'template') return comparison(name, source, rule.sourceValue, negated);
  if (!rule.nestedId) {
    if (rule.sourceValue === '') return comparison(name, undefined, '', negated);
    const entries = rule.sourceValue === '1' ? '1 entry' : `${rule.sourceValue} entries`;
    return `${name} ${negated ? 'does not have' : 'has'} ${entries}`;
  }
  const nested = fields.get(rule.nestedId);
  const subject = `${quoted(fieldTitle(nested, rule.nestedId))} in ${loopWords(rule)} ${name}`;
  return comparison(subject, nested, rule.nestedValue, negated);
}

/**
 * What an entry does, in words: "Show 'Power sockets' when 'Stand type' is 'Shell scheme';
 * otherwise show 'Own build drawings'". Rules join with "or" (ANY) or "and" (ALL).
 */
export function describeLogic(entry: LogicEntry, fields: ReadonlyMap<string, Field>): string {
  const joiner = entry.operator === 'ALL' ? ' and ' : ' or ';
  const condition = entry.rules.map((rule) => ruleWords(rule, fields)).join(joiner);
  const name = (id: string) => quoted(fieldTitle(fields.get(id), id));
  const { thenFieldId, elseFieldId } = entry;
  if (entry.rules.length === 0) return 'Add a rule to decide what this logic shows.';
  if (thenFieldId && elseFieldId) {
    return `Show ${name(thenFieldId)} when ${condition}; otherwise show ${name(elseFieldId)}.`;
  }
  if (thenFieldId) return `Show ${name(thenFieldId)} when ${condition}.`;
  if (elseFieldId) return `Show ${name(elseFieldId)} unless ${condition}.`;
  return `When ${condition}, nothing changes yet: choose a field to show.`;
}

/** Fields and groups embedded by templates: what a scope's rules may read beyond its own fields. */
export interface Embedded {
  fields: readonly Field[];
  fieldGroups: readonly FieldGroupScope[];
}

/** The fields of a group in its order, from what the server sent with the form. */
export function groupFieldsLookup(embedded: Embedded): (fieldGroupId: string) => Field[] {
  const byId = new Map(embedded.fields.map((field) => [field.id, field]));
  const groups = new Map(embedded.fieldGroups.map((group) => [group.id, group]));
  return (fieldGroupId) => groups.get(fieldGroupId)?.fieldIds.flatMap((id) => byId.get(id) ?? []) ?? [];
}

/**
 * The engine's verdict on the draft's logic, exactly as the server will give it on saving (the
 * server runs the same checkLogicMap): empty when the map may be saved.
 */
export function draftProblems(
  fields: readonly Field[],
  logicMap: LogicMap,
  embedded: Embedded,
  scopeName: 'form' | 'field group',
): LogicProblem[] {
  const all = Object.fromEntries([...embedded.fields, ...fields].map((field) => [field.id, field]));
  const groups = Object.fromEntries(embedded.fieldGroups.map((group) => [group.id, group]));
  return checkLogicMap({ fieldIds: fields.map((field) => field.id), logicMap }, all, groups, scopeName);
}
