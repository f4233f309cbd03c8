import type { FieldOf } from '../schema/field';
import { choiceValueSchema } from '../schema/values';
import type { FieldTypeEntry, Reading, ValidationMode } from './types';
import { defineFieldType, EMPTY, invalid, isBlank, plural, present } from './types';

// Checkbox and dropdown: answers are the ids of the chosen options.

type ChoiceField = FieldOf<'checkbox'> | FieldOf<'dropdown'>;

const NOT_AN_OPTION = 'Choose from the options listed';

/** A single id is read as a one-item selection; repeats are dropped; ids must be options. */
export function readChoices(field: ChoiceField, raw: unknown): Reading<string[]> {
  if (isBlank(raw)) return EMPTY;
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list)) return invalid(NOT_AN_OPTION);
  const chosen: string[] = [];
  for (const id of list) {
    if (typeof id !== 'string' || !field.options.some((option) => option.id === id)) {
      return invalid(NOT_AN_OPTION);
    }
    if (!chosen.includes(id)) chosen.push(id);
  }
  return chosen.length === 0 ? EMPTY : present(chosen);
}

function checkChoices(field: ChoiceField, chosen: string[], mode: ValidationMode): string[] {
  const problems: string[] = [];
  for (const id of chosen) {
    const option = field.options.find((candidate) => candidate.id === id);
    if (option?.isDisabled) problems.push(`"${option.label}" is no longer available`);
  }
  if (!field.isMulti) {
    if (chosen.length > 1) problems.push('Choose only one option');
    return problems;
  }
  if (field.min !== null && chosen.length < field.min && !mode.isDraft) {
    problems.push(`Choose at least ${plural(field.min, 'option', 'options')}`);
  }
  if (field.max !== null && chosen.length > field.max) {
    problems.push(`Choose no more than ${plural(field.max, 'option', 'options')}`);
  }
  return problems;
}

export function choiceLabels(field: ChoiceField, chosen: string[]): string[] {
  return chosen.map((id) => field.options.find((option) => option.id === id)?.label ?? id);
}

export const choiceTypes: FieldTypeEntry[] = [
  defineFieldType<'checkbox', string[]>({
    type: 'checkbox',
    displayName: 'Checkbox',
    holdsValue: true,
    valueSchema: choiceValueSchema,
    emptyValue: [],
    requiredMessage: 'Choose an option',
    read: readChoices,
    check: checkChoices,
    toText: (field, chosen) => choiceLabels(field, chosen).join(', '),
  }),
  defineFieldType<'dropdown', string[]>({
    type: 'dropdown',
    displayName: 'Dropdown',
    holdsValue: true,
    valueSchema: choiceValueSchema,
    emptyValue: [],
    requiredMessage: 'Choose an option',
    read: readChoices,
    check: checkChoices,
    toText: (field, chosen) => choiceLabels(field, chosen).join(', '),
  }),
];
