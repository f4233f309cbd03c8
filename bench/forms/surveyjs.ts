import type { Field, FormDefinition } from '../../shared/forms';

/**
 * The same form as a SurveyJS survey, for the renderer benchmark only: every field as the SurveyJS
 * question that asks the same thing (item lists as a dropdown matrix with quantities, address and
 * name as multiple text, repeaters as a dynamic matrix), pages at the page breaks, and each logic
 * entry as visibleIf expressions (its then field shown when its rules pass, its else field when
 * they do not), so SurveyJS runs as many expressions on a change as our engine runs rules.
 */
type Question = Record<string, unknown> & { name: string };

const INPUT_TYPES: Record<string, string> = {
  email: 'email',
  tel: 'tel',
  url: 'url',
  date: 'date',
  number: 'number',
};

function questionOf(field: Field): Question | null {
  const base = { name: field.id, title: field.label, isRequired: 'isRequired' in field && field.isRequired };
  switch (field.type) {
    case 'text':
    case 'email':
    case 'tel':
    case 'url':
    case 'date':
    case 'number':
      return { ...base, type: 'text', inputType: INPUT_TYPES[field.type] ?? 'text' };
    case 'area':
      return { ...base, type: 'comment' };
    case 'checkbox':
    case 'disclaimer':
      return { ...base, type: 'boolean' };
    case 'dropdown':
      return {
        ...base,
        type: 'dropdown',
        choices: field.options.map((option) => ({ value: option.id, text: option.label })),
      };
    case 'itemList':
      return {
        ...base,
        type: 'matrixdropdown',
        columns: [{ name: 'quantity', title: 'Quantity', cellType: 'text', inputType: 'number' }],
        rows: field.items.map((item) => ({ value: item.itemId, text: item.label })),
      };
    case 'address':
      return {
        ...base,
        type: 'multipletext',
        items: ['addressLine1', 'addressLine2', 'city', 'postcode', 'country'].map((name) => ({ name })),
      };
    case 'fullName':
      return {
        ...base,
        type: 'multipletext',
        items: ['firstName', 'middleName', 'surname'].map((name) => ({ name })),
      };
    case 'upload':
      return { ...base, type: 'file' };
    case 'repeater':
      return {
        ...base,
        type: 'matrixdynamic',
        rowCount: 1,
        columns: [
          { name: 'cell1', title: 'Name', cellType: 'text' },
          { name: 'cell2', title: 'Email', cellType: 'text', inputType: 'email' },
        ],
      };
    case 'section':
      return { name: field.id, type: 'html', html: `<h3>${field.label}</h3>` };
    case 'grandTotal':
      return { name: field.id, type: 'expression', title: field.label, expression: '0' };
    default:
      return null;
  }
}

function expressionOf(definition: FormDefinition, ownerId: string): string {
  const entry = definition.form.logicMap[ownerId];
  if (!entry) return '';
  const parts = entry.rules.map((rule) => {
    const source = definition.fields[rule.sourceId];
    if (source?.type === 'checkbox') return `{${rule.sourceId}} = true`;
    if (source?.type === 'dropdown') return `{${rule.sourceId}} = '${rule.sourceValue}'`;
    if (source?.type === 'number') return `{${rule.sourceId}} <> ${Number(rule.sourceValue)}`;
    return `{${rule.sourceId}} <> '${rule.sourceValue}'`;
  });
  return parts.join(entry.operator === 'ALL' ? ' and ' : ' or ');
}

export function toSurveyJson(definition: FormDefinition) {
  const visibleIf = new Map<string, string>();
  for (const [ownerId, entry] of Object.entries(definition.form.logicMap)) {
    const expression = expressionOf(definition, ownerId);
    if (!expression) continue;
    if (entry.thenFieldId) visibleIf.set(entry.thenFieldId, expression);
    if (entry.elseFieldId) visibleIf.set(entry.elseFieldId, `not (${expression})`);
  }
  const pages: { name: string; elements: Question[] }[] = [{ name: 'page-1', elements: [] }];
  for (const id of definition.form.fieldIds) {
    const field = definition.fields[id];
    if (!field) continue;
    if (field.type === 'newPage') {
      pages.push({ name: field.id, elements: [] });
      continue;
    }
    const question = questionOf(field);
    if (!question) continue;
    const condition = visibleIf.get(field.id);
    pages.at(-1)?.elements.push(condition ? { ...question, visibleIf: condition } : question);
  }
  return { title: definition.form.title, pages, showProgressBar: 'top', textUpdateMode: 'onTyping' };
}
