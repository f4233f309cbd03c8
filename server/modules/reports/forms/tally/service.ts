import type { FormDefinition } from '../../../../../shared/forms/definition';
import { fieldNumbers, reportName } from '../../../../../shared/forms/labels';
import type { Visibility } from '../../../../../shared/forms/logic';
import { readChoices } from '../../../../../shared/forms/registry/choices';
import { loopAnswers } from '../../../../../shared/forms/registry/template';
import { isRecord } from '../../../../../shared/forms/registry/types';
import type { Field, FieldOf } from '../../../../../shared/forms/schema/field';
import { computeTotals } from '../../../../../shared/forms/totals';
import type { OneFormReport } from '../../../../../shared/reports/formsApi';

type ChoiceField = FieldOf<'checkbox'> | FieldOf<'dropdown'>;
type ChoiceTally = OneFormReport['choices'][number];
type ListTally = OneFormReport['itemLists'][number];

const isChoice = (field: Field | undefined): field is ChoiceField =>
  field?.type === 'checkbox' || field?.type === 'dropdown';

/**
 * Counts per option of every choice field and sums of every item list over a form's submissions.
 * A field inside a template is one tally over all its loops (labelled with the template's number),
 * since loop 2 of a guest list is the same question as loop 1. Only answers shown count: a hidden
 * field's answer, or a hidden list's order, is no answer (as in the exports and totals).
 */
export function formTally(definition: FormDefinition) {
  const choices = new Map<string, ChoiceTally>();
  const lists = new Map<string, ListTally>();
  const add = (field: Field, label: string) => {
    if (isChoice(field) && !choices.has(field.id)) {
      choices.set(field.id, {
        fieldId: field.id,
        label,
        answered: 0,
        options: field.options.map((o) => ({ id: o.id, label: o.label, count: 0 })),
      });
    }
    if (field.type === 'itemList' && !lists.has(field.id)) {
      lists.set(field.id, {
        fieldId: field.id,
        label,
        items: field.items.map((i) => ({ itemId: i.itemId, label: i.label, quantity: 0, amount: 0 })),
        total: 0,
      });
    }
  };
  for (const [id, number] of fieldNumbers(definition)) {
    const field = definition.fields[id];
    if (!field) continue;
    if (field.type !== 'template') {
      add(field, `${number}. ${reportName(field)}`);
      continue;
    }
    for (const nestedId of definition.fieldGroups[field.fieldGroupId]?.fieldIds ?? []) {
      const nested = definition.fields[nestedId];
      if (nested) add(nested, `${number}. ${reportName(nested)} (${reportName(field)}, every entry)`);
    }
  }

  const count = (field: ChoiceField, raw: unknown) => {
    const tally = choices.get(field.id);
    const reading = readChoices(field, raw);
    if (!tally || reading.status !== 'value') return;
    tally.answered++;
    for (const id of reading.value) {
      const option = tally.options.find((o) => o.id === id);
      if (option) option.count++;
    }
  };

  /** Adds one submission's shown answers. */
  function addSubmission(values: unknown, visibility: Visibility) {
    const answers = isRecord(values) ? values : {};
    for (const id of definition.form.fieldIds) {
      const field = definition.fields[id];
      if (!field || !visibility.fields[id]) continue;
      if (isChoice(field)) count(field, answers[id]);
      if (field.type !== 'template') continue;
      const group = definition.fieldGroups[field.fieldGroupId];
      loopAnswers(field, answers[id]).forEach((loop, loopIndex) => {
        for (const nestedId of group?.fieldIds ?? []) {
          const nested = definition.fields[nestedId];
          if (isChoice(nested) && visibility.loops[id]?.[loopIndex]?.[nestedId])
            count(nested, loop[nestedId]);
        }
      });
    }
    for (const list of computeTotals(definition, answers, visibility).itemLists) {
      const tally = lists.get(list.fieldId);
      if (!tally) continue;
      tally.total += list.total;
      for (const line of list.lines) {
        const item = tally.items.find((i) => i.itemId === line.itemId);
        if (!item) continue;
        item.quantity += line.quantity;
        item.amount += line.subtotal;
      }
    }
  }

  return {
    addSubmission,
    result: () => ({ choices: [...choices.values()], itemLists: [...lists.values()] }),
  };
}
