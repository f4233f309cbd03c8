import { describe, expect, it } from 'vitest';
import type { FieldInput } from '../schema/field';
import { testField } from '../testing';
import { fieldTypeOf } from '.';
import { defaultTextContext } from './types';

const options = [
  { id: 'wifi', label: 'Wi-Fi', value: 'wifi' },
  { id: 'power', label: 'Power', value: 'power' },
  { id: 'water', label: 'Water', value: 'water' },
  { id: 'gas', label: 'Gas', value: 'gas', isDisabled: true },
];

function check(input: FieldInput, raw: unknown, isDraft = false) {
  const field = testField(input);
  return fieldTypeOf(field).validate(field, raw, { isDraft });
}

describe('checkbox and dropdown', () => {
  const multi: FieldInput = { id: 's', type: 'checkbox', options, isMulti: true, min: 2, max: 3 };

  it('stores the chosen option ids, reading a single id as one choice', () => {
    expect(check({ id: 'c', type: 'checkbox' }, 'yes').reading).toEqual({ status: 'value', value: ['yes'] });
    expect(check(multi, ['wifi', 'power', 'wifi']).reading).toEqual({
      status: 'value',
      value: ['wifi', 'power'],
    });
  });

  it('refuses ids that are not options', () => {
    expect(check({ id: 'd', type: 'dropdown', options }, ['phone']).messages).toEqual([
      'Choose from the options listed',
    ]);
    expect(check({ id: 'd', type: 'dropdown', options }, [3]).messages).toEqual([
      'Choose from the options listed',
    ]);
  });

  it('refuses a disabled option', () => {
    expect(check(multi, ['wifi', 'gas']).messages).toEqual(['"Gas" is no longer available']);
  });

  it('allows one choice unless isMulti', () => {
    expect(check({ id: 'd', type: 'dropdown', options }, ['wifi', 'power']).messages).toEqual([
      'Choose only one option',
    ]);
  });

  it('keeps isMulti selections between min and max; a draft may have fewer', () => {
    expect(check(multi, ['wifi']).messages).toEqual(['Choose at least 2 options']);
    expect(check(multi, ['wifi'], true).messages).toEqual([]);
    expect(
      check({ ...multi, options: [...options, { id: 'x', label: 'X', value: 'x' }] }, [
        'wifi',
        'power',
        'water',
        'x',
      ]).messages,
    ).toEqual(['Choose no more than 3 options']);
  });

  it('requires a choice when required', () => {
    expect(check({ id: 'c', type: 'checkbox', isRequired: true }, []).messages).toEqual(['Choose an option']);
  });

  it('shows the labels of the choices', () => {
    const field = testField(multi);
    expect(fieldTypeOf(field).toText(field, ['power', 'wifi'], defaultTextContext)).toBe('Power, Wi-Fi');
  });
});
