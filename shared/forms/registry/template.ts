import type { FieldOf } from '../schema/field';
import { templateValueSchema } from '../schema/values';
import type { FieldTypeEntry, Reading } from './types';
import { defineFieldType, EMPTY, invalid, isBlank, isRecord, plural, present } from './types';

// A template embeds a field group, once or once per loop; its answers are kept per loop.

type Template = FieldOf<'template'>;

/** A template's answers before the fields inside each loop have been read. */
export interface RawTemplateValue {
  loopCount: number;
  templateValues: Record<string, unknown>[];
}

/** A looping template runs from 1 to maxLoops times; one that does not loop runs once. */
export function loopLimit(field: Template): number {
  return field.isLooping ? field.maxLoops : 1;
}

/** How many loops the answers ask for, kept between 1 and the template's limit. */
export function loopCountOf(field: Template, raw: unknown): number {
  const asked = isRecord(raw) && typeof raw.loopCount === 'number' ? Math.floor(raw.loopCount) : 1;
  return Math.min(Math.max(asked, 1), loopLimit(field));
}

/**
 * Each loop's raw answers, for logic: as many loops as loopCountOf says, an absent loop read as
 * unanswered. Never refuses anything, because logic must run on whatever has been typed so far.
 */
export function loopAnswers(field: Template, raw: unknown): Record<string, unknown>[] {
  const loops = isRecord(raw) && Array.isArray(raw.templateValues) ? raw.templateValues : [];
  return Array.from({ length: loopCountOf(field, raw) }, (_, index) => {
    const loop: unknown = loops[index];
    return isRecord(loop) ? loop : {};
  });
}

const READ_PROBLEM = 'The answers for these entries could not be read';

/**
 * Reads the loop count and each loop's answers as given; the fields inside are read by the
 * submission validator, which knows the group. Answers for loops past loopCount are dropped.
 */
export function readTemplateValue(field: Template, raw: unknown): Reading<RawTemplateValue> {
  if (isBlank(raw)) return EMPTY;
  if (!isRecord(raw)) return invalid(READ_PROBLEM);
  const count = raw.loopCount ?? 1;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return invalid(READ_PROBLEM);
  const limit = loopLimit(field);
  if (count > limit) return invalid(`Add no more than ${plural(limit, 'entry', 'entries')}`);
  const loops = raw.templateValues ?? [];
  if (!Array.isArray(loops) || !loops.every((loop) => isRecord(loop) || isBlank(loop)))
    return invalid(READ_PROBLEM);
  const loopCount = Math.max(count, 1);
  const templateValues = Array.from({ length: loopCount }, (_, index) => {
    const loop: unknown = loops[index];
    return isRecord(loop) ? { ...loop } : {};
  });
  return present({ loopCount, templateValues });
}

export const templateTypes: FieldTypeEntry[] = [
  defineFieldType<'template', RawTemplateValue>({
    type: 'template',
    displayName: 'Template',
    holdsValue: true,
    valueSchema: templateValueSchema,
    emptyValue: { loopCount: 1, templateValues: [{}] },
    requiredMessage: 'This field is required',
    read: readTemplateValue,
    check: () => [],
    toText: (_field, value) => plural(value.loopCount, 'entry', 'entries'),
  }),
];
