import type { FormDefinition } from './definition';
import type { Visibility } from './logic';
import { loopAnswers, loopLimit } from './registry/template';
import { isRecord } from './registry/types';
import type { FieldOf } from './schema/field';
import type { FieldGroupScope } from './schema/field-group';

// A template shows its field group once per loop, each loop with its own title and answers.

type Template = FieldOf<'template'>;

export interface TemplateLoop {
  /** 0-based; shown to people as loopIndex + 1. */
  loopIndex: number;
  title: string;
  /** The group's fields shown in this loop, in order. */
  fieldIds: string[];
  /** This loop's answers, by the group's field ids. */
  values: Record<string, unknown>;
}

/**
 * 'Guest 1' when the template has a loop prefix; otherwise, or when it asks for default
 * titles, the group's title numbered ('Guest details 1'), or 'Entry 1' for an untitled group.
 */
export function loopTitle(field: Template, group: FieldGroupScope | undefined, loopIndex: number): string {
  const number = loopIndex + 1;
  const prefix = field.loopPrefix.trim();
  if (prefix && !field.isUsingDefaultTitles) return `${prefix} ${number}`;
  return `${group?.title.trim() || 'Entry'} ${number}`;
}

/** The loops a template shows for these answers, with each loop's visible fields. */
export function expandTemplate(
  definition: FormDefinition,
  templateFieldId: string,
  values: unknown,
  visibility: Visibility,
): TemplateLoop[] {
  const field = definition.fields[templateFieldId];
  if (field?.type !== 'template' || !visibility.fields[templateFieldId]) return [];
  const group = definition.fieldGroups[field.fieldGroupId];
  const loopVisibility = visibility.loops[templateFieldId] ?? [];
  const answers = loopAnswers(field, isRecord(values) ? values[templateFieldId] : undefined);
  return answers.map((loopValues, loopIndex) => ({
    loopIndex,
    title: loopTitle(field, group, loopIndex),
    fieldIds: (group?.fieldIds ?? []).filter((id) => loopVisibility[loopIndex]?.[id]),
    values: loopValues,
  }));
}

export interface TemplateAnswer {
  loopCount: number;
  templateValues: Record<string, unknown>[];
}

function asTemplateAnswer(field: Template, current: unknown): TemplateAnswer {
  const templateValues = loopAnswers(field, current);
  return { loopCount: templateValues.length, templateValues };
}

/**
 * The answer with `count` loops (kept from 1 to the template's limit). Answers of the loops kept
 * stay; a loop removed and added again starts empty.
 */
export function setLoopCount(field: Template, current: unknown, count: number): TemplateAnswer {
  const loopCount = Math.min(Math.max(Math.floor(count), 1), loopLimit(field));
  const { templateValues } = asTemplateAnswer(field, current);
  return {
    loopCount,
    templateValues: Array.from({ length: loopCount }, (_, index) => templateValues[index] ?? {}),
  };
}

/** The answer with one field of one loop changed. */
export function setLoopValue(
  field: Template,
  current: unknown,
  loopIndex: number,
  fieldId: string,
  value: unknown,
): TemplateAnswer {
  const answer = asTemplateAnswer(field, current);
  if (loopIndex < 0 || loopIndex >= answer.loopCount) return answer;
  const templateValues = answer.templateValues.map((loop, index) =>
    index === loopIndex ? { ...loop, [fieldId]: value } : loop,
  );
  return { loopCount: answer.loopCount, templateValues };
}
