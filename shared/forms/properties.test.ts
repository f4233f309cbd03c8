import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateFieldGroup } from './duplicate';
import { allFixtures } from './fixtures';
import { evaluateGroupVisibility, evaluateVisibility } from './logic';
import { minorToDecimal } from './money';
import type { FieldInput } from './schema/field';
import { parseFieldGroup } from './schema/field-group';
import type { LogicEntryInput, RuleInput } from './schema/logic';
import { SOURCE_TYPES } from './schema/logic';
import { testField, testForm } from './testing';
import { computeTotals } from './totals';
import { validateSubmission } from './validate';

// Properties the engine keeps for any form, any logic map and any answers.

const TYPES = [
  'text',
  'number',
  'checkbox',
  'dropdown',
  'section',
  'newPage',
  'disclaimer',
  'email',
] as const;
const fieldId = (index: number) => `f${index}`;

function makeField(type: (typeof TYPES)[number], index: number, isRequired: boolean): FieldInput {
  const common = { id: fieldId(index), label: `Field ${index}`, isRequired };
  if (type === 'dropdown') {
    return { ...common, type, options: ['a', 'b'].map((id) => ({ id, label: id.toUpperCase(), value: id })) };
  }
  return { ...common, type };
}

/** Any form of 1 to 10 fields with any logic map: cycles, missing ids and nonsense rules included. */
const arbitraryForm = fc.integer({ min: 1, max: 10 }).chain((count) => {
  const anyId = fc.oneof(fc.nat({ max: count - 1 }).map(fieldId), fc.constant('ghost'));
  const rule: fc.Arbitrary<RuleInput> = fc.record({
    sourceId: anyId,
    // Mostly rules on fields, so that rules often read fields other logic hides.
    sourceType: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('text', 'number', 'checkbox', 'dropdown', 'boolean' as const) },
      { weight: 1, arbitrary: fc.constantFrom(...SOURCE_TYPES) },
    ),
    sourceValue: fc.constantFrom('', 'yes', 'no', 'a', 'b', '1', 'true'),
    condition: fc.constantFrom('equals', 'notEquals'),
  });
  const entry: fc.Arbitrary<LogicEntryInput> = fc.record({
    operator: fc.constantFrom('ANY', 'ALL'),
    rules: fc.array(rule, { maxLength: 3 }),
    thenFieldId: fc.oneof(anyId, fc.constant('')),
    elseFieldId: fc.oneof(anyId, fc.constant('')),
  });
  return fc.record({
    fields: fc.tuple(
      ...Array.from({ length: count }, (_, index) =>
        fc
          .tuple(fc.constantFrom(...TYPES), fc.boolean())
          .map(([type, required]) => makeField(type, index, required)),
      ),
    ),
    logicMap: fc.dictionary(anyId, entry, { maxKeys: count }),
  });
});

const arbitraryAnswer = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      'yes',
      ['yes'],
      ['no'],
      ['a'],
      ['b'],
      1,
      '1',
      true,
      false,
      'x',
      'a@b.co',
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const arbitraryValues = (count: number) =>
  fc
    .tuple(...Array.from({ length: count }, () => arbitraryAnswer))
    .map((answers) =>
      Object.fromEntries(
        answers.flatMap((answer, index) => (answer === undefined ? [] : [[fieldId(index), answer]])),
      ),
    );

const formWithValues = arbitraryForm.chain((shape) =>
  arbitraryValues(shape.fields.length).map((values) => ({ ...shape, values })),
);

describe('properties', () => {
  it('evaluation always terminates, with a verdict for every field', () => {
    fc.assert(
      fc.property(formWithValues, ({ fields, logicMap, values }) => {
        const visibility = evaluateVisibility(testForm(fields, logicMap), values);
        expect(Object.keys(visibility.fields)).toHaveLength(fields.length);
        expect(Object.values(visibility.fields).every((visible) => typeof visible === 'boolean')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a hidden field is never required and never kept, and its answer changes nothing', () => {
    fc.assert(
      fc.property(formWithValues, arbitraryAnswer, ({ fields, logicMap, values }, replacement) => {
        const definition = testForm(fields, logicMap);
        const result = validateSubmission(definition, values);
        const hidden = fields.map((field) => field.id).filter((id) => !result.visibility.fields[id]);
        for (const id of hidden) {
          expect(result.problems.some((problem) => problem.fieldId === id)).toBe(false);
          expect(result.values).not.toHaveProperty(id);
          // Whatever a hidden field holds, what is shown stays the same.
          const changed = { ...values, [id]: replacement };
          expect(evaluateVisibility(definition, changed)).toEqual(result.visibility);
        }
      }),
      // Hidden fields read by live rules are a small share of random forms: many runs find them.
      { numRuns: 1500 },
    );
  });

  it('totals equal the sum of their parts', () => {
    const arbitraryList = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 1000 })),
      {
        minLength: 1,
        maxLength: 8,
      },
    );
    fc.assert(
      fc.property(fc.array(arbitraryList, { minLength: 1, maxLength: 4 }), (lists) => {
        const fields: FieldInput[] = lists.map((items, listIndex) => ({
          id: `list${listIndex}`,
          type: 'itemList',
          items: items.map(([price], itemIndex) => ({ itemId: `i${itemIndex}`, price })),
        }));
        const values = Object.fromEntries(
          lists.map((items, listIndex) => [
            `list${listIndex}`,
            items.map(([price, quantity], itemIndex) => ({ itemId: `i${itemIndex}`, price, quantity })),
          ]),
        );
        const definition = testForm(fields);
        const totals = computeTotals(definition, values, evaluateVisibility(definition, values));
        const expected = lists
          .flat()
          .reduce((sum, [price, quantity]) => sum + BigInt(price) * BigInt(quantity), 0n);
        expect(BigInt(totals.grandTotal)).toBe(expected);
        expect(totals.grandTotal).toBe(totals.itemLists.reduce((sum, list) => sum + list.total, 0));
        for (const list of totals.itemLists) {
          expect(list.total).toBe(list.lines.reduce((sum, line) => sum + line.price * line.quantity, 0));
        }
        expect(BigInt(minorToDecimal(totals.grandTotal).replace('.', ''))).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('duplication keeps the logic meaning: the copy with re-keyed answers shows the same', () => {
    // Logic inside a group may only point at the group's own fields, or duplication refuses it.
    const groupShape = arbitraryForm.map(({ fields, logicMap }) => {
      const ids = new Set(fields.map((field) => field.id));
      const inGroup = Object.fromEntries(
        Object.entries(logicMap)
          .filter(([key]) => ids.has(key))
          .map(([key, entry]) => [
            key,
            {
              ...entry,
              thenFieldId: ids.has(entry.thenFieldId ?? '') ? entry.thenFieldId : '',
              elseFieldId: ids.has(entry.elseFieldId ?? '') ? entry.elseFieldId : '',
              rules: (entry.rules ?? []).filter(
                (rule) =>
                  rule.sourceType === 'client' || rule.sourceType === 'customField' || ids.has(rule.sourceId),
              ),
            },
          ]),
      );
      return { fields, logicMap: inGroup };
    });
    fc.assert(
      fc.property(
        groupShape.chain((shape) =>
          arbitraryValues(shape.fields.length).map((values) => ({ ...shape, values })),
        ),
        ({ fields, logicMap, values }) => {
          const parsedFields = fields.map((field) => testField({ ...field, fieldGroupId: 'g' }));
          const group = parseFieldGroup({
            id: 'g',
            title: 'Group',
            description: '',
            fieldIds: parsedFields.map((field) => field.id),
            logicMap,
            createdAt: 'then',
            createdBy: 'u',
            updatedAt: 'then',
            updatedBy: 'u',
          });
          let next = 0;
          const copy = duplicateFieldGroup(group, parsedFields, {
            newId: () => `copy-${next++}`,
            userId: 'u',
            now: 'now',
          });
          const rekeyed = Object.fromEntries(
            Object.entries(values).map(([id, value]) => [copy.idMap.get(id), value]),
          );
          const byId = (list: typeof parsedFields) =>
            Object.fromEntries(list.map((field) => [field.id, field]));
          const original = evaluateGroupVisibility(group, byId(parsedFields), values);
          const copied = evaluateGroupVisibility(copy.group, byId(copy.fields), rekeyed);
          const copiedByOriginalId = Object.fromEntries(
            Object.keys(original).map((id) => [id, copied[copy.idMap.get(id) ?? '']]),
          );
          expect(copiedByOriginalId).toEqual(original);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('validation never throws on any JSON input, it reports', () => {
    const anyJson = fc.jsonValue({ maxDepth: 4 });
    for (const fixture of allFixtures.slice(0, 4)) {
      const ids = [...fixture.definition.form.fieldIds, 'unknown'];
      const answers = fc.dictionary(fc.constantFrom(...ids), anyJson, { maxKeys: 8 });
      fc.assert(
        fc.property(fc.oneof(anyJson, answers), fc.boolean(), (input, isDraft) => {
          const result = validateSubmission(fixture.definition, input, { isDraft });
          expect(Array.isArray(result.problems)).toBe(true);
          expect(result.isValid).toBe(result.problems.length === 0);
          for (const problem of result.problems) expect(problem.message.length).toBeGreaterThan(0);
        }),
        { numRuns: 150 },
      );
    }
  });

  it('validation never throws on any JSON inside a template loop either', () => {
    const hotel = allFixtures[3].definition;
    const nestedIds = hotel.fieldGroups['group-hotel-guest']?.fieldIds ?? [];
    const loop = fc.dictionary(fc.constantFrom(...nestedIds), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });
    const template = fc.record(
      {
        loopCount: fc.oneof(fc.integer({ min: -2, max: 9 }), fc.jsonValue({ maxDepth: 1 })),
        templateValues: fc.array(loop),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(template, fc.boolean(), (guests, isDraft) => {
        const result = validateSubmission(
          hotel,
          { 'hb-hotel': ['riverside'], 'hb-guests': guests },
          { isDraft },
        );
        expect(result.isValid).toBe(result.problems.length === 0);
      }),
      { numRuns: 200 },
    );
  });
});
