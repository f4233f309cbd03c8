import type { ClientData } from './definition';
import { clientFullName } from './definition';
import { fieldTypeOf } from './registry';
import { readNumber } from './registry/inputs';
import type { Operator } from './schema/common';
import type { Field } from './schema/field';
import type { ClientSource, LoopOperator, Rule } from './schema/logic';
import { CLIENT_SOURCES } from './schema/logic';

/**
 * What a rule can read. Answers come already filtered by visibility: a hidden field reads as
 * unanswered, so its value never counts.
 */
export interface AnswerReader {
  field(id: string): Field | undefined;
  answer(id: string): unknown;
  /** A template's loops, each read the same way; a hidden template reads as one empty loop. */
  loops(templateId: string): AnswerReader[];
  client: ClientData | null;
}

const normalise = (text: string): string => text.trim().toLowerCase();

function asText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return '';
}

function asBoolean(raw: unknown): boolean {
  return raw === true || (typeof raw === 'string' && ['true', 'yes', '1'].includes(normalise(raw)));
}

/** Numbers compare as numbers ('2' equals '2.0'); an empty expected value means unanswered. */
function numberEquals(raw: unknown, expected: string): boolean {
  const reading = readNumber(raw);
  if (expected.trim() === '') return reading.status !== 'value';
  const wanted = Number(expected);
  return reading.status === 'value' && Number.isFinite(wanted) && reading.value === wanted;
}

function choiceEquals(raw: unknown, expected: string): boolean {
  const chosen = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
  return expected === '' ? chosen.length === 0 : chosen.includes(expected);
}

/** Whether a field's answer "equals" a rule's value, by what kind of answer the field holds. */
export function answerEquals(field: Field, raw: unknown, expected: string): boolean {
  switch (field.type) {
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
    case 'area':
    case 'date':
      // Text is compared the way a person reads it: case and outer spaces do not matter.
      return normalise(asText(raw)) === normalise(expected);
    case 'number':
      return numberEquals(raw, expected);
    case 'checkbox':
    case 'dropdown':
      return choiceEquals(raw, expected);
    case 'disclaimer':
      return asBoolean(raw) === asBoolean(expected);
    default:
      // Answers with no single value (an address, files) can only be tested for being empty.
      return expected.trim() === '' && fieldTypeOf(field).read(field, raw).status === 'empty';
  }
}

const isClientSource = (source: string): source is ClientSource =>
  CLIENT_SOURCES.some((known) => known === source);

function clientValue(client: ClientData | null, source: string): string {
  if (!client || !isClientSource(source)) return '';
  const values: Record<ClientSource, string> = {
    userId: client.userId,
    firstName: client.firstName,
    surname: client.surname,
    fullName: clientFullName(client),
    email: client.email,
    teamId: client.teamId,
    teamName: client.teamName,
  };
  return values[source];
}

function customFieldEquals(client: ClientData | null, id: string, expected: string): boolean {
  const value = client?.customFields[id];
  if (typeof value === 'boolean') return value === asBoolean(expected);
  return normalise(value ?? '') === normalise(expected);
}

function effectiveLoopOperator(rule: Rule): Exclude<LoopOperator, ''> {
  if (rule.loopOperator) return rule.loopOperator;
  return rule.loopIndex === null ? 'any' : 'index';
}

function loopRuleMatches(rule: Rule, reader: AnswerReader): boolean {
  const loops = reader.loops(rule.sourceId);
  const outcome = (equal: boolean) => (rule.condition === 'equals' ? equal : !equal);
  if (!rule.nestedId) return outcome(numberEquals(loops.length, rule.sourceValue));
  // Every template reads as at least one loop, so the first loop can say what the nested field is.
  const nested = loops[0]?.field(rule.nestedId);
  if (!nested) return outcome(rule.nestedValue.trim() === '');
  const holds = (loop: AnswerReader | undefined) =>
    outcome(answerEquals(nested, loop?.answer(rule.nestedId), rule.nestedValue));
  switch (effectiveLoopOperator(rule)) {
    case 'all':
      return loops.every(holds);
    case 'index':
      return holds(loops[rule.loopIndex ?? 0]);
    default:
      return loops.some(holds);
  }
}

/** Whether one rule holds for the answers (and the person) given. */
export function ruleMatches(rule: Rule, reader: AnswerReader): boolean {
  const outcome = (equal: boolean) => (rule.condition === 'equals' ? equal : !equal);
  if (rule.sourceType === 'client') {
    return outcome(normalise(clientValue(reader.client, rule.sourceId)) === normalise(rule.sourceValue));
  }
  if (rule.sourceType === 'customField') {
    return outcome(customFieldEquals(reader.client, rule.sourceId, rule.sourceValue));
  }
  const field = reader.field(rule.sourceId);
  if (field?.type === 'template') return loopRuleMatches(rule, reader);
  // A rule on a field that no longer exists reads it as unanswered, like a hidden one.
  if (!field) return outcome(rule.sourceValue.trim() === '');
  return outcome(answerEquals(field, reader.answer(rule.sourceId), rule.sourceValue));
}

/** ANY: at least one rule holds. ALL: every rule holds. No rules: ANY never holds, ALL always does. */
export function rulesMatch(operator: Operator, rules: readonly Rule[], reader: AnswerReader): boolean {
  return operator === 'ALL'
    ? rules.every((rule) => ruleMatches(rule, reader))
    : rules.some((rule) => ruleMatches(rule, reader));
}
