import { describe, expect, it } from 'vitest';
import { evaluateVisibility } from './logic';
import type { FieldInput } from './schema/field';
import { testForm } from './testing';

const yesNo = (id: string, label = id): FieldInput => ({ id, type: 'checkbox', label });
const text = (id: string): FieldInput => ({ id, type: 'text', label: id });
const shown = (visibility: { fields: Record<string, boolean> }) =>
  Object.entries(visibility.fields)
    .filter(([, visible]) => visible)
    .map(([id]) => id);

describe('then and else', () => {
  // "Do you need power? If yes show the power section, otherwise show the no-power note."
  const form = testForm(
    [
      yesNo('power'),
      { id: 'power-section', type: 'section' },
      text('sockets'),
      text('wattage'),
      { id: 'no-power-section', type: 'section' },
      text('battery'),
      { id: 'end-section', type: 'section' },
      text('notes'),
    ],
    {
      power: {
        rules: [{ sourceId: 'power', sourceType: 'checkbox', sourceValue: 'yes' }],
        thenFieldId: 'power-section',
        elseFieldId: 'no-power-section',
      },
    },
  );

  it('shows the then field, and everything in its section, when the rules match', () => {
    expect(shown(evaluateVisibility(form, { power: ['yes'] }))).toEqual([
      'power',
      'power-section',
      'sockets',
      'wattage',
      'end-section',
      'notes',
    ]);
  });

  it('shows the else field otherwise, unanswered included', () => {
    const expected = ['power', 'no-power-section', 'battery', 'end-section', 'notes'];
    expect(shown(evaluateVisibility(form, { power: ['no'] }))).toEqual(expected);
    expect(shown(evaluateVisibility(form, {}))).toEqual(expected);
  });

  it('leaves fields no logic targets always shown', () => {
    const plain = testForm([text('a'), text('b')]);
    expect(evaluateVisibility(plain, {}).fields).toEqual({ a: true, b: true });
  });

  it('shows a field two entries target when either picks it', () => {
    const twoWays = testForm([yesNo('a'), yesNo('b'), text('target')], {
      a: { rules: [{ sourceId: 'a', sourceType: 'checkbox', sourceValue: 'yes' }], thenFieldId: 'target' },
      b: { rules: [{ sourceId: 'b', sourceType: 'checkbox', sourceValue: 'yes' }], thenFieldId: 'target' },
    });
    expect(evaluateVisibility(twoWays, { a: ['no'], b: ['yes'] }).fields.target).toBe(true);
    expect(evaluateVisibility(twoWays, { a: ['no'], b: ['no'] }).fields.target).toBe(false);
  });
});

describe('nested conditions', () => {
  // Exhibiting? yes -> "Stand type" shown. Stand type space -> "Drawings", else -> "Fascia".
  const form = testForm(
    [
      yesNo('exhibiting'),
      {
        id: 'stand-type',
        type: 'dropdown',
        options: [
          { id: 'space', label: 'Space only', value: 'space' },
          { id: 'shell', label: 'Shell scheme', value: 'shell' },
        ],
      },
      text('drawings'),
      text('fascia'),
    ],
    {
      exhibiting: {
        rules: [{ sourceId: 'exhibiting', sourceType: 'checkbox', sourceValue: 'yes' }],
        thenFieldId: 'stand-type',
      },
      'stand-type': {
        rules: [{ sourceId: 'stand-type', sourceType: 'dropdown', sourceValue: 'space' }],
        thenFieldId: 'drawings',
        elseFieldId: 'fascia',
      },
    },
  );

  it('applies the inner logic only while its owner is shown', () => {
    expect(shown(evaluateVisibility(form, { exhibiting: ['yes'], 'stand-type': ['space'] }))).toEqual([
      'exhibiting',
      'stand-type',
      'drawings',
    ]);
    expect(shown(evaluateVisibility(form, { exhibiting: ['yes'], 'stand-type': ['shell'] }))).toEqual([
      'exhibiting',
      'stand-type',
      'fascia',
    ]);
    // Not exhibiting: neither branch of the stand type question, whatever was chosen before.
    expect(shown(evaluateVisibility(form, { exhibiting: ['no'], 'stand-type': ['space'] }))).toEqual([
      'exhibiting',
    ]);
  });
});

describe('a hidden field never counts', () => {
  // "Company" only shows for catering orders; logic on "Country" reads "Company".
  const form = testForm([yesNo('catering'), text('company'), text('country'), text('invoice-note')], {
    catering: {
      rules: [{ sourceId: 'catering', sourceType: 'checkbox', sourceValue: 'yes' }],
      thenFieldId: 'company',
    },
    country: {
      rules: [{ sourceId: 'company', sourceValue: 'Northwind' }],
      thenFieldId: 'invoice-note',
    },
  });

  it('reads a hidden field as unanswered, so a stale answer changes nothing', () => {
    expect(evaluateVisibility(form, { catering: ['yes'], company: 'Northwind' }).fields['invoice-note']).toBe(
      true,
    );
    const stale = evaluateVisibility(form, { catering: ['no'], company: 'Northwind' });
    expect(stale).toEqual(evaluateVisibility(form, { catering: ['no'] }));
    expect(stale.fields['invoice-note']).toBe(false);
  });
});

describe('operators and conditions', () => {
  const fields: FieldInput[] = [
    text('country'),
    { id: 'guests', type: 'number' },
    {
      id: 'extras',
      type: 'checkbox',
      isMulti: true,
      options: [
        { id: 'wifi', label: 'Wi-Fi', value: 'wifi' },
        { id: 'power', label: 'Power', value: 'power' },
      ],
    },
    { id: 'agree', type: 'disclaimer' },
    text('target'),
  ];
  const rules = [
    { sourceId: 'country', sourceValue: 'United Kingdom' },
    { sourceId: 'guests', sourceType: 'number' as const, sourceValue: '2' },
  ];
  const anyForm = testForm(fields, { country: { operator: 'ANY', rules, thenFieldId: 'target' } });
  const allForm = testForm(fields, { country: { operator: 'ALL', rules, thenFieldId: 'target' } });
  const target = (form: typeof anyForm, values: Record<string, unknown>) =>
    evaluateVisibility(form, values).fields.target;

  it('ANY needs one rule, ALL needs every rule', () => {
    expect(target(anyForm, { country: 'France', guests: 2 })).toBe(true);
    expect(target(allForm, { country: 'France', guests: 2 })).toBe(false);
    expect(target(allForm, { country: 'United Kingdom', guests: 2 })).toBe(true);
  });

  it('compares text ignoring case and outer spaces, and numbers as numbers', () => {
    expect(target(allForm, { country: '  united kingdom ', guests: '2.0' })).toBe(true);
  });

  it('reads notEquals as the opposite of equals', () => {
    const form = testForm(fields, {
      country: {
        rules: [{ sourceId: 'country', sourceValue: 'France', condition: 'notEquals' }],
        thenFieldId: 'target',
      },
    });
    expect(target(form, { country: 'Spain' })).toBe(true);
    expect(target(form, { country: 'france' })).toBe(false);
  });

  it('matches a checkbox rule when the option is among those chosen', () => {
    const form = testForm(fields, {
      extras: {
        rules: [{ sourceId: 'extras', sourceType: 'checkbox', sourceValue: 'power' }],
        thenFieldId: 'target',
      },
    });
    expect(target(form, { extras: ['wifi', 'power'] })).toBe(true);
    expect(target(form, { extras: ['wifi'] })).toBe(false);
  });

  it('compares booleans', () => {
    const form = testForm(fields, {
      agree: {
        rules: [{ sourceId: 'agree', sourceType: 'boolean', sourceValue: 'true' }],
        thenFieldId: 'target',
      },
    });
    expect(target(form, { agree: true })).toBe(true);
    expect(target(form, { agree: false })).toBe(false);
  });

  it('reads a rule on a field that no longer exists as unanswered', () => {
    const form = testForm(fields, {
      country: { rules: [{ sourceId: 'gone', sourceValue: 'x' }], thenFieldId: 'target' },
    });
    expect(target(form, { gone: 'x' })).toBe(false);
  });
});

describe('logic that goes round in a circle', () => {
  it('still finishes, and shows neither field of the circle', () => {
    const form = testForm([text('a'), text('b')], {
      a: { rules: [{ sourceId: 'a', sourceValue: '' }], thenFieldId: 'b' },
      b: { rules: [{ sourceId: 'b', sourceValue: '' }], thenFieldId: 'a' },
    });
    expect(evaluateVisibility(form, {}).fields).toEqual({ a: false, b: false });
  });
});
