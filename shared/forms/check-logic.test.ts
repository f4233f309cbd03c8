import { describe, expect, it } from 'vitest';
import { checkFormLogic, checkLogicMap, checkRules } from './check-logic';
import type { FieldInput } from './schema/field';
import { type LogicEntryInput, type RuleInput, ruleSchema } from './schema/logic';
import { testForm } from './testing';

const fields: FieldInput[] = [
  { id: 'power', type: 'checkbox', label: 'Do you need power?' },
  { id: 'power-section', type: 'section', label: 'Power' },
  { id: 'sockets', type: 'number', label: 'Sockets' },
  { id: 'notes', type: 'text', label: 'Notes' },
  { id: 'plan', type: 'upload', label: 'Plans', isMulti: true },
  { id: 'divider', type: 'divider' },
  { id: 'end', type: 'section', label: 'End' },
  { id: 'thanks', type: 'customText' },
];

function problems(logicMap: Record<string, LogicEntryInput>) {
  const definition = testForm(fields, logicMap);
  return checkLogicMap(definition.form, definition.fields);
}

const powerRule = { sourceId: 'power', sourceType: 'checkbox' as const, sourceValue: 'yes' };

describe('checkLogicMap', () => {
  it('passes sound logic', () => {
    expect(
      problems({ power: { rules: [powerRule], thenFieldId: 'power-section', elseFieldId: 'notes' } }),
    ).toEqual([]);
  });

  it('refuses a loop, naming the fields round it', () => {
    // "Notes" is shown by logic on "Sockets", and "Sockets" by logic reading "Notes".
    const found = problems({
      sockets: {
        rules: [{ sourceId: 'sockets', sourceType: 'number', sourceValue: '2' }],
        thenFieldId: 'notes',
      },
      notes: { rules: [{ sourceId: 'notes', sourceValue: 'x' }], thenFieldId: 'sockets' },
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: 'cycle' });
    expect(found[0].message).toBe(
      'The logic goes round in a circle: whether "Sockets" is shown depends on "Notes", which depends on "Sockets". Change one of these rules',
    );
  });

  it('refuses logic that hides the section its own question sits in', () => {
    // "Sockets" is inside "Power": logic on "Sockets" cannot decide whether "Power" is shown.
    const found = problems({
      sockets: {
        rules: [{ sourceId: 'sockets', sourceType: 'number', sourceValue: '2' }],
        thenFieldId: 'power-section',
      },
    });
    expect(found.map((problem) => problem.code)).toEqual(['cycle']);
  });

  it('refuses a field that decides itself', () => {
    const found = problems({ power: { rules: [powerRule], thenFieldId: 'power' } });
    expect(found.map((problem) => problem.message)).toEqual([
      'The logic goes round in a circle: whether "Do you need power?" is shown depends on itself. Change one of these rules',
    ]);
  });

  it('refuses rules and branches that point at missing fields', () => {
    const found = problems({
      ghost: { rules: [powerRule], thenFieldId: 'notes' },
      power: { rules: [{ sourceId: 'gone', sourceValue: 'x' }], thenFieldId: 'nowhere' },
    });
    expect(found.map((problem) => [problem.code, problem.fieldId, problem.message])).toEqual([
      ['missing-field', 'ghost', 'There is logic for a field that is not in this form (ghost)'],
      ['missing-target', 'power', 'The logic on "Do you need power?" shows a field that is not in this form'],
      [
        'missing-source',
        'power',
        'A rule in the logic on "Do you need power?" reads a field that is not in this form',
      ],
    ]);
  });

  it('refuses an entry with no rules, rules on items that hold nothing, options that are gone', () => {
    const found = problems({
      power: { rules: [], thenFieldId: 'notes' },
      notes: {
        rules: [
          { sourceId: 'divider', sourceValue: '' },
          { sourceId: 'plan', sourceValue: '' },
          { sourceId: 'power', sourceType: 'checkbox', sourceValue: 'maybe' },
          { sourceId: 'sockets', sourceType: 'checkbox', sourceValue: '1' },
          { sourceId: 'password', sourceType: 'client', sourceValue: 'x' },
        ],
        thenFieldId: 'thanks',
      },
    });
    expect(found.map((problem) => problem.code)).toEqual([
      'no-rules',
      'unusable-source',
      'unusable-source',
      'unknown-option',
      'source-type-mismatch',
      'unknown-client-source',
    ]);
    expect(found[4].message).toBe(
      'A rule in the logic on "Notes" treats "Sockets" as checkbox, but it is a Number field',
    );
  });

  it("checks rules on a template's loops against its group", () => {
    const definition = testForm(
      [
        { id: 'guests', type: 'template', fieldGroupId: 'g', isLooping: true, maxLoops: 2 },
        { id: 'note', type: 'text' },
      ],
      {
        guests: {
          rules: [
            { sourceId: 'guests', sourceType: 'template', nestedId: 'missing', nestedValue: 'x' },
            {
              sourceId: 'guests',
              sourceType: 'template',
              nestedId: 'name',
              nestedType: 'text',
              loopIndex: 2,
            },
          ],
          thenFieldId: 'note',
        },
      },
      [{ id: 'g', fields: [{ id: 'name', type: 'text', label: 'Name' }] }],
    );
    expect(checkFormLogic(definition).map((problem) => problem.code)).toEqual([
      'missing-nested',
      'loop-out-of-range',
    ]);
  });

  it("checks the logic of the groups a form's templates embed", () => {
    const definition = testForm([{ id: 'guests', type: 'template', fieldGroupId: 'g' }], {}, [
      {
        id: 'g',
        fields: [{ id: 'name', type: 'text' }],
        logicMap: { name: { rules: [{ sourceId: 'x' }], thenFieldId: 'name' } },
      },
    ]);
    const found = checkFormLogic(definition);
    expect(found.map((problem) => problem.code)).toEqual(['missing-source', 'cycle']);
    expect(found[0].message).toContain('not in this field group');
  });
});

describe('checkRules (confirmations, notifications, webhooks)', () => {
  const definition = testForm(fields, {});
  const where = 'A rule of this confirmation';
  const rules = (inputs: RuleInput[]) => inputs.map((input) => ruleSchema.parse(input));

  it("passes rules that read the form's own fields", () => {
    expect(
      checkRules(rules([powerRule, { sourceId: 'notes', sourceValue: 'x' }]), definition, where),
    ).toEqual([]);
  });

  it('names each refused rule by its place: a missing field, a field that cannot be read', () => {
    const found = checkRules(
      rules([powerRule, { sourceId: 'gone', sourceValue: 'x' }, { sourceId: 'plan', sourceValue: 'x' }]),
      definition,
      where,
    );
    expect(found.map((p) => [p.ruleIndex, p.code])).toEqual([
      [1, 'missing-source'],
      [2, 'unusable-source'],
    ]);
    expect(found[0].message).toBe('A rule of this confirmation reads a field that is not in this form');
  });
});
