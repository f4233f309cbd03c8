import { describe, expect, it } from 'vitest';
import type { FieldInput } from '../schema/field';
import { testField } from '../testing';
import { fieldTypeOf } from '.';
import { setItemQuantity } from './commerce';
import { defaultTextContext } from './types';

const furniture: FieldInput = {
  id: 'f',
  type: 'itemList',
  items: [
    { itemId: 'chair', label: 'Chrome chair', price: 1850 },
    { itemId: 'table', label: 'Poseur table', price: 4200 },
  ],
};

function check(input: FieldInput, raw: unknown, isDraft = false) {
  const field = testField(input);
  return fieldTypeOf(field).validate(field, raw, { isDraft });
}

describe('item list', () => {
  it("stores each line at the list's own price, whatever price was sent", () => {
    const { reading, messages } = check(furniture, [{ itemId: 'chair', price: 1, quantity: 4 }]);
    expect(messages).toEqual([]);
    expect(reading).toEqual({ status: 'value', value: [{ itemId: 'chair', price: 1850, quantity: 4 }] });
  });

  it('takes whole quantities of 0 or more only', () => {
    expect(check(furniture, [{ itemId: 'chair', quantity: 1.5 }]).messages).toEqual([
      'Enter a whole number of 0 or more for "Chrome chair"',
    ]);
    expect(check(furniture, [{ itemId: 'table', quantity: -2 }]).messages).toEqual([
      'Enter a whole number of 0 or more for "Poseur table"',
    ]);
    expect(check(furniture, [{ itemId: 'table', quantity: 'two' }]).messages).toEqual([
      'Enter a whole number of 0 or more for "Poseur table"',
    ]);
    expect(check(furniture, [{ itemId: 'table', quantity: 100_001 }]).messages).toEqual([
      'Enter a number no greater than 100000 for "Poseur table"',
    ]);
  });

  it('leaves out quantities of 0 and refuses items not on the list', () => {
    expect(check(furniture, [{ itemId: 'chair', quantity: 0 }]).reading).toEqual({ status: 'empty' });
    expect(check(furniture, [{ itemId: 'sofa', quantity: 1 }]).messages).toEqual([
      '"sofa" is not on this list',
    ]);
  });

  it('asks for at least one item when required', () => {
    expect(check({ ...furniture, isRequired: true }, [{ itemId: 'chair', quantity: 0 }]).messages).toEqual([
      'Order at least one item',
    ]);
  });

  it('shows item quantities with prices, and the total', () => {
    const field = testField(furniture);
    const order = [
      { itemId: 'chair', price: 1850, quantity: 4 },
      { itemId: 'table', price: 4200, quantity: 1 },
    ];
    expect(fieldTypeOf(field).toText(field, order, defaultTextContext)).toBe(
      '4 x Chrome chair at £18.50 = £74.00\n1 x Poseur table at £42.00 = £42.00\nTotal: £116.00',
    );
  });

  it('sets a quantity the way a form screen does', () => {
    const field = testField(furniture);
    if (field.type !== 'itemList') throw new Error('expected an item list');
    const withChairs = setItemQuantity(field, undefined, 'chair', 3);
    expect(withChairs).toEqual([{ itemId: 'chair', price: 1850, quantity: 3 }]);
    expect(setItemQuantity(field, withChairs, 'chair', 0)).toEqual([]);
  });
});

describe('grand total and layout items', () => {
  it('hold no answer and are never required', () => {
    for (const type of [
      'grandTotal',
      'customText',
      'section',
      'newPage',
      'divider',
      'callout',
      'image',
      'youTube',
      'vimeo',
    ] as const) {
      const result = check({ id: 'x', type, isRequired: true }, 'anything');
      expect(result).toEqual({ reading: { status: 'empty' }, messages: [] });
    }
  });
});
