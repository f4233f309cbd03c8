import type { FormDefinition } from './definition';
import { fieldTypeOf } from './registry';
import { loopLimit } from './registry/template';
import type { Field } from './schema/field';

// Report labels: answers are numbered in form order, loops after a dot ('3. Company name',
// '5.2 Guest name' is "Guest name" in the second loop of field 5).

/** The name a field goes by in reports: its report label, else its label. */
export function reportName(field: Field): string {
  return field.reportLabel.trim() || field.label.trim() || `Untitled ${fieldTypeOf(field).displayName}`;
}

/** Fields that appear in reports: those holding answers, and grand totals (computed). */
export function isReported(field: Field): boolean {
  return fieldTypeOf(field).holdsValue || field.type === 'grandTotal';
}

/** Each reported field's number, counting only reported fields, from 1. */
export function fieldNumbers(definition: FormDefinition): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const id of definition.form.fieldIds) {
    const field = definition.fields[id];
    if (field && isReported(field) && !numbers.has(id)) numbers.set(id, numbers.size + 1);
  }
  return numbers;
}

export interface ReportColumn {
  /** Unique per column: the field id, or templateId.loopIndex.fieldId inside a loop. */
  key: string;
  fieldId: string;
  templateFieldId: string | null;
  /** 0-based; the label shows it plus one. */
  loopIndex: number | null;
  label: string;
}

export function loopColumnKey(templateFieldId: string, loopIndex: number, fieldId: string): string {
  return `${templateFieldId}.${loopIndex}.${fieldId}`;
}

/**
 * The columns of a form's report, in order: one per reported field, and for a template one per
 * field of its group in every loop it can have.
 */
export function reportColumns(definition: FormDefinition): ReportColumn[] {
  const columns: ReportColumn[] = [];
  for (const [id, number] of fieldNumbers(definition)) {
    const field = definition.fields[id];
    if (!field) continue;
    if (field.type !== 'template') {
      columns.push({
        key: id,
        fieldId: id,
        templateFieldId: null,
        loopIndex: null,
        label: `${number}. ${reportName(field)}`,
      });
      continue;
    }
    const group = definition.fieldGroups[field.fieldGroupId];
    for (let loopIndex = 0; loopIndex < loopLimit(field); loopIndex++) {
      for (const nestedId of group?.fieldIds ?? []) {
        const nested = definition.fields[nestedId];
        if (!nested || nested.type === 'template' || !isReported(nested)) continue;
        columns.push({
          key: loopColumnKey(id, loopIndex, nestedId),
          fieldId: nestedId,
          templateFieldId: id,
          loopIndex,
          label: `${number}.${loopIndex + 1} ${reportName(nested)}`,
        });
      }
    }
  }
  return columns;
}
