import type { FormDefinition } from './definition';
import type { ReportColumn } from './labels';
import { reportColumns, reportName } from './labels';
import type { Visibility } from './logic';
import { fieldTypeOf } from './registry';
import { loopAnswers } from './registry/template';
import type { TextContext } from './registry/types';
import { defaultTextContext, isRecord } from './registry/types';
import { loopTitle } from './templates';
import { computeTotals, formatTotal } from './totals';

// Answers as text, for reports, emails and webhooks. Hidden fields read as empty.

/** A field's answer as text: its type's text form, a grand total formatted, a template loop by loop. */
export function answerText(
  definition: FormDefinition,
  fieldId: string,
  values: unknown,
  visibility: Visibility,
  context: TextContext = defaultTextContext,
): string {
  const field = definition.fields[fieldId];
  const answers = isRecord(values) ? values : {};
  if (!field || !visibility.fields[fieldId]) return '';
  if (field.type === 'grandTotal') {
    return formatTotal(computeTotals(definition, answers, visibility).grandTotal, context);
  }
  if (field.type !== 'template') return fieldTypeOf(field).toText(field, answers[fieldId], context);
  const group = definition.fieldGroups[field.fieldGroupId];
  const loopVisibility = visibility.loops[fieldId] ?? [];
  return loopAnswers(field, answers[fieldId])
    .map((loop, loopIndex) => {
      const lines = (group?.fieldIds ?? []).flatMap((id) => {
        const nested = definition.fields[id];
        if (!nested || !loopVisibility[loopIndex]?.[id]) return [];
        const text = fieldTypeOf(nested).toText(nested, loop[id], context);
        return text ? [`${reportName(nested)}: ${text}`] : [];
      });
      return [loopTitle(field, group, loopIndex), ...lines].join('\n');
    })
    .join('\n\n');
}

/** A nested answer as text: one field in one loop of a template. */
export function loopAnswerText(
  definition: FormDefinition,
  column: Pick<ReportColumn, 'fieldId' | 'templateFieldId' | 'loopIndex'>,
  values: unknown,
  visibility: Visibility,
  context: TextContext = defaultTextContext,
): string {
  const { templateFieldId, loopIndex, fieldId } = column;
  if (templateFieldId === null || loopIndex === null) {
    return answerText(definition, fieldId, values, visibility, context);
  }
  const template = definition.fields[templateFieldId];
  const nested = definition.fields[fieldId];
  if (
    template?.type !== 'template' ||
    !nested ||
    !visibility.loops[templateFieldId]?.[loopIndex]?.[fieldId]
  ) {
    return '';
  }
  const loop = loopAnswers(template, isRecord(values) ? values[templateFieldId] : undefined)[loopIndex];
  return loop ? fieldTypeOf(nested).toText(nested, loop[fieldId], context) : '';
}

/** One report row: each column's answer as text, by column key. */
export function reportRow(
  definition: FormDefinition,
  values: unknown,
  visibility: Visibility,
  context: TextContext = defaultTextContext,
  columns: readonly ReportColumn[] = reportColumns(definition),
): Record<string, string> {
  const row: Record<string, string> = {};
  for (const column of columns)
    row[column.key] = loopAnswerText(definition, column, values, visibility, context);
  return row;
}

export interface AnswerLine {
  fieldId: string;
  label: string;
  text: string;
}

/** The answers shown, label and text, in form order: the body of a notification email. */
export function submissionSummary(
  definition: FormDefinition,
  values: unknown,
  visibility: Visibility,
  context: TextContext = defaultTextContext,
): AnswerLine[] {
  return definition.form.fieldIds.flatMap((id) => {
    const field = definition.fields[id];
    if (!field || !(fieldTypeOf(field).holdsValue || field.type === 'grandTotal')) return [];
    const text = answerText(definition, id, values, visibility, context);
    return text ? [{ fieldId: id, label: reportName(field), text }] : [];
  });
}
