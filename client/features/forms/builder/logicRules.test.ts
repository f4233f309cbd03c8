import { describe, expect, it } from 'vitest';
import { type Field, fieldSchema } from '../../../../shared/forms/schema/field';
import type { LogicEntry } from '../../../../shared/forms/schema/logic';
import {
  describeLogic,
  draftProblems,
  groupFieldsLookup,
  newEntry,
  newRule,
  ruleSources,
  withoutField,
  withoutNestedRules,
} from './logicRules';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const field = (n: number, input: Record<string, unknown>): Field =>
  fieldSchema.parse({ id: id(n), ...input });

const standType = field(1, {
  type: 'dropdown',
  label: 'Stand type',
  options: [
    { id: 'shell', value: 'shell', label: 'Shell scheme' },
    { id: 'space', value: 'space', label: 'Space only' },
  ],
});
const sockets = field(2, { type: 'number', label: 'Power sockets' });
const drawings = field(3, { type: 'upload', label: 'Own build drawings' });
const items = field(4, { type: 'itemList', label: 'Catering' });
const photos = field(5, { type: 'upload', label: 'Photos', isMulti: true });
const divider = field(6, { type: 'divider' });
const fields = [standType, sockets, drawings, items, photos, divider];
const byId = new Map(fields.map((f) => [f.id, f]));
const entry = (patch: Partial<LogicEntry>): LogicEntry => ({
  operator: 'ANY',
  rules: [{ ...newRule(standType), sourceValue: 'shell' }],
  thenFieldId: sockets.id,
  elseFieldId: drawings.id,
  ...patch,
});

describe('logic in words', () => {
  it("says the issue's example sentence", () => {
    expect(describeLogic(entry({}), byId)).toBe(
      "Show 'Power sockets' when 'Stand type' is 'Shell scheme'; otherwise show 'Own build drawings'.",
    );
  });

  it('joins rules with or (ANY) and and (ALL), and words empty values and missing branches', () => {
    const rules = [
      { ...newRule(standType), sourceValue: 'space', condition: 'notEquals' as const },
      newRule(sockets),
    ];
    expect(describeLogic(entry({ rules, elseFieldId: '' }), byId)).toBe(
      "Show 'Power sockets' when 'Stand type' is not 'Space only' or 'Power sockets' is empty.",
    );
    expect(describeLogic(entry({ rules, operator: 'ALL', thenFieldId: '' }), byId)).toBe(
      "Show 'Own build drawings' unless 'Stand type' is not 'Space only' and 'Power sockets' is empty.",
    );
    expect(describeLogic(entry({ thenFieldId: '', elseFieldId: '' }), byId)).toMatch(
      /choose a field to show/,
    );
  });

  it('words a rule on a field inside a looping template', () => {
    const guest = field(10, { type: 'text', label: 'Guest name', fieldGroupId: id(20) });
    const template = field(11, {
      type: 'template',
      label: 'Guests',
      fieldGroupId: id(20),
      isLooping: true,
      maxLoops: 3,
    });
    const all = new Map([...byId, [guest.id, guest], [template.id, template]]);
    const rule = {
      ...newRule(template),
      nestedId: guest.id,
      nestedType: 'text' as const,
      nestedValue: 'Ada',
    };
    expect(
      describeLogic(
        entry({ rules: [{ ...rule, loopOperator: 'index', loopIndex: 1 }], elseFieldId: '' }),
        all,
      ),
    ).toBe("Show 'Power sockets' when 'Guest name' in entry 2 of 'Guests' is 'Ada'.");
    expect(
      describeLogic(entry({ rules: [{ ...newRule(template), sourceValue: '2' }], elseFieldId: '' }), all),
    ).toBe("Show 'Power sockets' when 'Guests' has 2 entries.");
  });
});

describe('rule sources', () => {
  it('offers what the engine lets rules read: no item lists, multi-uploads or layout items', () => {
    expect(ruleSources(fields).map((f) => f.label)).toEqual([
      'Stand type',
      'Power sockets',
      'Own build drawings',
    ]);
  });

  it('starts new logic with a rule on the field itself, or on the first field a rule can read', () => {
    expect(newEntry(standType, fields)?.rules[0]).toMatchObject({
      sourceId: standType.id,
      sourceType: 'dropdown',
    });
    expect(newEntry(divider, fields)?.rules[0]).toMatchObject({ sourceId: standType.id });
    expect(newEntry(divider, [divider])).toBeNull();
  });
});

describe('removing a field', () => {
  it('drops its entry, the branches and rules naming it, and entries left without rules', () => {
    const map = {
      [standType.id]: entry({}),
      [sockets.id]: entry({ rules: [newRule(sockets)], thenFieldId: drawings.id, elseFieldId: '' }),
      [drawings.id]: entry({ thenFieldId: standType.id }),
    };
    const next = withoutField(map, sockets.id);
    expect(Object.keys(next)).toEqual([standType.id, drawings.id]);
    expect(next[standType.id]).toMatchObject({ thenFieldId: '', elseFieldId: drawings.id });
    expect(withoutField(map, standType.id)).toEqual({
      [sockets.id]: map[sockets.id],
    });
  });
});

describe("the engine's verdict on a draft", () => {
  const none = { fields: [], fieldGroups: [] };
  it('accepts a sound rule and refuses a circle in the words of the engine', () => {
    expect(draftProblems(fields, { [standType.id]: entry({}) }, none, 'form')).toEqual([]);
    const circle = {
      [standType.id]: entry({ elseFieldId: '' }),
      [sockets.id]: entry({ rules: [newRule(sockets)], thenFieldId: standType.id, elseFieldId: '' }),
    };
    const problems = draftProblems(fields, circle, none, 'form');
    expect(problems.map((p) => p.code)).toContain('cycle');
    expect(problems.find((p) => p.code === 'cycle')?.message).toMatch(/The logic goes round in a circle/);
  });

  it('reads the fields of embedded groups in the group order', () => {
    const a = field(30, { type: 'text', label: 'A', fieldGroupId: id(40) });
    const b = field(31, { type: 'text', label: 'B', fieldGroupId: id(40) });
    const lookup = groupFieldsLookup({
      fields: [a, b],
      fieldGroups: [{ id: id(40), title: 'G', fieldIds: [b.id, a.id], logicMap: {} }],
    });
    expect(lookup(id(40)).map((f) => f.label)).toEqual(['B', 'A']);
    expect(lookup(id(41))).toEqual([]);
  });
});

describe('a template moved to another group', () => {
  const template = field(30, {
    type: 'template',
    label: 'Guests',
    fieldGroupId: id(40),
    isLooping: true,
    maxLoops: 3,
  });
  const nested = (nestedId: string) => ({
    ...newRule(template),
    nestedId,
    nestedType: 'dropdown' as const,
    nestedValue: 'yes',
    loopOperator: 'any' as const,
  });
  const loopCount = { ...newRule(template), sourceValue: '2' };

  it("drops the rules reading the old group's fields and keeps its loop-count rules and other rules", () => {
    const map = {
      // Only nested rules: the entry goes with them.
      [sockets.id]: entry({ rules: [nested(id(41))] }),
      // A nested rule beside a loop-count rule and a rule on another field: those two stay.
      [drawings.id]: entry({
        rules: [nested(id(42)), loopCount, { ...newRule(standType), sourceValue: 'shell' }],
      }),
      [standType.id]: entry({}),
    };
    const next = withoutNestedRules(map, template.id);
    expect(Object.keys(next)).toEqual([drawings.id, standType.id]);
    expect(next[drawings.id].rules).toEqual([loopCount, { ...newRule(standType), sourceValue: 'shell' }]);
    expect(next[standType.id]).toBe(map[standType.id]);
    // Another template's nested rules are not this template's to drop.
    expect(withoutNestedRules(map, id(31))).toEqual(map);
  });
});
