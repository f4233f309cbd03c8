import { describe, expect, it } from 'vitest';
import type { FieldInput } from '../schema/field';
import { testField } from '../testing';
import { fieldTypeOf, fieldTypes } from '.';
import { defaultTextContext } from './types';

const submitted = { isDraft: false };
const draft = { isDraft: true };

function check(input: FieldInput, raw: unknown, mode = submitted) {
  const field = testField(input);
  return fieldTypeOf(field).validate(field, raw, mode);
}

function text(input: FieldInput, raw: unknown) {
  const field = testField(input);
  return fieldTypeOf(field).toText(field, raw, defaultTextContext);
}

describe('the registry', () => {
  it('knows every field type the spec lists, with the builder names of the short-text choices', () => {
    expect(fieldTypes.size).toBe(25);
    const names = (['text', 'email', 'tel', 'url', 'number'] as const).map(
      (type) => fieldTypeOf(type).displayName,
    );
    expect(names).toEqual(['Short Text', 'Email', 'Phone Number', 'Website', 'Number']);
  });

  it('says which types hold an answer', () => {
    const holding = [...fieldTypes.values()].filter((entry) => entry.holdsValue).map((entry) => entry.type);
    expect(holding.sort()).toEqual(
      [
        'address',
        'area',
        'checkbox',
        'date',
        'disclaimer',
        'dropdown',
        'email',
        'fullName',
        'itemList',
        'number',
        'repeater',
        'tel',
        'template',
        'text',
        'upload',
        'url',
      ].sort(),
    );
  });

  it('gives each type an empty value to start from', () => {
    expect(fieldTypes.get('text')?.emptyValue).toBe('');
    expect(fieldTypes.get('number')?.emptyValue).toBeNull();
    expect(fieldTypes.get('checkbox')?.emptyValue).toEqual([]);
    expect(fieldTypes.get('disclaimer')?.emptyValue).toBe(false);
    expect(fieldTypes.get('template')?.emptyValue).toEqual({ loopCount: 1, templateValues: [{}] });
    expect(fieldTypes.get('section')?.emptyValue).toBeNull();
  });
});

describe('text inputs', () => {
  it('requires an answer only when the field is required, and not in a draft', () => {
    expect(check({ id: 't', type: 'text', isRequired: true }, '  ').messages).toEqual([
      'This field is required',
    ]);
    expect(check({ id: 't', type: 'text', isRequired: true }, '', draft).messages).toEqual([]);
    expect(check({ id: 't', type: 'text' }, undefined).messages).toEqual([]);
  });

  it('stores text trimmed and reads a number typed into a text field as text', () => {
    expect(check({ id: 't', type: 'text' }, '  Acme Ltd ').reading).toEqual({
      status: 'value',
      value: 'Acme Ltd',
    });
    expect(check({ id: 't', type: 'text' }, 42).reading).toEqual({ status: 'value', value: '42' });
    expect(check({ id: 't', type: 'text' }, { a: 1 }).messages).toEqual(['Enter text']);
  });

  it('checks email, website and phone formats, even in a draft', () => {
    expect(check({ id: 'e', type: 'email' }, 'jo@example.com').messages).toEqual([]);
    expect(check({ id: 'e', type: 'email' }, 'jo@example', draft).messages).toEqual([
      'Enter a valid email address, like name@example.com',
    ]);
    expect(check({ id: 'u', type: 'url' }, 'www.example.co.uk/stands').messages).toEqual([]);
    expect(check({ id: 'u', type: 'url' }, 'not a site').messages).toEqual([
      'Enter a valid web address, like https://www.example.com',
    ]);
    expect(check({ id: 'p', type: 'tel' }, '+44 (0)20 7946-0321').messages).toEqual([]);
    expect(check({ id: 'p', type: 'tel' }, '12345').messages).toHaveLength(1);
    expect(check({ id: 'p', type: 'tel' }, 'call me').messages).toHaveLength(1);
  });

  it('shows text as typed', () => {
    expect(text({ id: 'a', type: 'area' }, 'Line one\nLine two')).toBe('Line one\nLine two');
  });
});

describe('number', () => {
  it('reads numbers, and numbers typed as text', () => {
    expect(check({ id: 'n', type: 'number' }, '1,250.5').reading).toEqual({ status: 'value', value: 1250.5 });
    expect(check({ id: 'n', type: 'number' }, 'ten').messages).toEqual(['Enter a number']);
  });

  it('keeps to min and max, in words a person understands', () => {
    const field: FieldInput = { id: 'n', type: 'number', min: 1, max: 10 };
    expect(check(field, 11).messages).toEqual(['Enter a number no greater than 10']);
    expect(check(field, 0).messages).toEqual(['Enter a number no less than 1']);
    expect(check(field, 10).messages).toEqual([]);
    expect(check(field, 11, draft).messages).toEqual(['Enter a number no greater than 10']);
  });

  it('shows the number', () => {
    expect(text({ id: 'n', type: 'number' }, 4.5)).toBe('4.5');
  });
});

describe('date', () => {
  it('accepts real days only', () => {
    expect(check({ id: 'd', type: 'date' }, '2026-02-29').messages).toEqual([
      'Enter a real date, like 2026-03-14',
    ]);
    expect(check({ id: 'd', type: 'date' }, '2028-02-29').messages).toEqual([]);
    expect(check({ id: 'd', type: 'date' }, '14/03/2026').messages).toHaveLength(1);
  });

  it('keeps the day of an ISO date-time', () => {
    expect(check({ id: 'd', type: 'date' }, '2026-03-14T00:00:00.000Z').reading).toEqual({
      status: 'value',
      value: '2026-03-14',
    });
  });

  it("shows the day in the event's locale, never shifted by a time zone", () => {
    expect(text({ id: 'd', type: 'date' }, '2026-03-14')).toBe('14 March 2026');
  });
});
