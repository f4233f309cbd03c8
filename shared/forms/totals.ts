import type { FormDefinition } from './definition';
import type { Visibility } from './logic';
import { formatMoney } from './money';
import type { ItemLine } from './registry/commerce';
import { itemLines, readQuantities } from './registry/commerce';
import type { TextContext } from './registry/types';
import { isRecord } from './registry/types';
import type { Field, FieldOf } from './schema/field';
import type { ItemQuantity } from './schema/values';

// Item list subtotals and totals, and the grand total over every item list shown.
// All amounts are integers in minor units, so a total is exactly the sum of its lines.

export interface ItemListTotal {
  fieldId: string;
  /** The template whose loop holds the list, or null for a list on the form itself. */
  templateFieldId: string | null;
  loopIndex: number | null;
  lines: ItemLine[];
  /** The sum of the lines' subtotals. */
  total: number;
}

export interface FormTotals {
  /** Every item list shown, in form order (lists inside loops in loop order). */
  itemLists: ItemListTotal[];
  /** The sum of every shown list's total. */
  grandTotal: number;
}

/** Lines a person could have saved: whole, positive quantities of items on the list. */
function quantitiesOf(field: FieldOf<'itemList'>, raw: unknown): ItemQuantity[] {
  const reading = readQuantities(field, raw);
  return reading.status === 'value' ? reading.value.filter((line) => Number.isInteger(line.quantity)) : [];
}

/** One list's lines and total. */
export function itemListTotal(
  field: FieldOf<'itemList'>,
  raw: unknown,
  where: { templateFieldId: string | null; loopIndex: number | null } = {
    templateFieldId: null,
    loopIndex: null,
  },
): ItemListTotal {
  const lines = itemLines(field, quantitiesOf(field, raw));
  const total = lines.reduce((sum, line) => sum + line.subtotal, 0);
  return { fieldId: field.id, ...where, lines, total };
}

function isItemList(field: Field | undefined): field is FieldOf<'itemList'> {
  return field?.type === 'itemList';
}

/** Totals of the item lists shown for these answers; a hidden list counts for nothing. */
export function computeTotals(
  definition: FormDefinition,
  values: unknown,
  visibility: Visibility,
): FormTotals {
  const answers = isRecord(values) ? values : {};
  const itemLists: ItemListTotal[] = [];
  for (const id of definition.form.fieldIds) {
    const field = definition.fields[id];
    if (!visibility.fields[id]) continue;
    if (isItemList(field)) itemLists.push(itemListTotal(field, answers[id]));
    if (field?.type !== 'template') continue;
    const group = definition.fieldGroups[field.fieldGroupId];
    const template = answers[id];
    const loops = isRecord(template) && Array.isArray(template.templateValues) ? template.templateValues : [];
    (visibility.loops[id] ?? []).forEach((shown, loopIndex) => {
      const loopValues: unknown = loops[loopIndex];
      for (const nestedId of group?.fieldIds ?? []) {
        const nested = definition.fields[nestedId];
        if (!isItemList(nested) || !shown[nestedId]) continue;
        const raw = isRecord(loopValues) ? loopValues[nestedId] : undefined;
        itemLists.push(itemListTotal(nested, raw, { templateFieldId: id, loopIndex }));
      }
    });
  }
  return { itemLists, grandTotal: itemLists.reduce((sum, list) => sum + list.total, 0) };
}

/** A total as the form shows it, in the event's currency with two decimals. */
export function formatTotal(amount: number, context: Pick<TextContext, 'currency' | 'locale'>): string {
  return formatMoney(amount, context.currency, context.locale);
}
