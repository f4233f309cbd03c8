import { describe, expect, it } from 'vitest';
import type { FieldInput } from '../schema/field';
import { testField } from '../testing';
import { fieldTypeOf } from '.';
import { flatFullAddress, flatFullName, fullAddress, fullName } from './compound';
import { defaultTextContext } from './types';

function check(input: FieldInput, raw: unknown, isDraft = false) {
  const field = testField(input);
  return fieldTypeOf(field).validate(field, raw, { isDraft });
}

function text(input: FieldInput, raw: unknown) {
  const field = testField(input);
  return fieldTypeOf(field).toText(field, raw, defaultTextContext);
}

const address = {
  addressLine1: 'Unit 4, Riverside Park',
  addressLine2: '',
  city: 'Leeds',
  county: 'West Yorkshire',
  country: 'United Kingdom',
  postcode: 'LS11 5HA',
};

describe('address', () => {
  it('stores the parts filled in, trimmed, and never a part the form hides', () => {
    const reading = check(
      { id: 'a', type: 'address', county: { show: false } },
      { ...address, city: ' Leeds ' },
    ).reading;
    expect(reading).toEqual({
      status: 'value',
      value: {
        addressLine1: 'Unit 4, Riverside Park',
        city: 'Leeds',
        country: 'United Kingdom',
        postcode: 'LS11 5HA',
      },
    });
  });

  it('asks for the first line, city, country and postcode of a required address', () => {
    expect(check({ id: 'a', type: 'address', isRequired: true }, { city: 'Leeds' }).messages).toEqual([
      'Address line 1 is required',
      'Country is required',
      'Postcode is required',
    ]);
    expect(check({ id: 'a', type: 'address', isRequired: true }, undefined).messages).toEqual([
      'Enter the address',
    ]);
    expect(check({ id: 'a', type: 'address', isRequired: true }, { city: 'Leeds' }, true).messages).toEqual(
      [],
    );
  });

  it('refuses parts that are not text', () => {
    expect(check({ id: 'a', type: 'address' }, { city: 7 }).messages).toEqual([
      'Enter the address in its parts',
    ]);
    expect(check({ id: 'a', type: 'address' }, 'Leeds').messages).toEqual(['Enter the address in its parts']);
  });

  it('shows fullAddress on lines and flatFullAddress on one line', () => {
    expect(fullAddress(address)).toBe(
      'Unit 4, Riverside Park\nLeeds\nWest Yorkshire\nUnited Kingdom\nLS11 5HA',
    );
    expect(flatFullAddress(address)).toBe(
      'Unit 4, Riverside Park, Leeds, West Yorkshire, United Kingdom, LS11 5HA',
    );
    expect(text({ id: 'a', type: 'address' }, address)).toBe(fullAddress(address));
  });
});

describe('full name', () => {
  const name = {
    prefix: 'Dr',
    firstName: 'Priya',
    middleName: 'Anjali',
    surname: 'Shah',
    postNominals: 'OBE',
  };

  it('asks for the first name and surname of a required name', () => {
    expect(check({ id: 'n', type: 'fullName', isRequired: true }, { firstName: 'Priya' }).messages).toEqual([
      'Surname is required',
    ]);
  });

  it('keeps only the parts shown: prefix and post-nominals are hidden by default', () => {
    expect(check({ id: 'n', type: 'fullName' }, name).reading).toEqual({
      status: 'value',
      value: { firstName: 'Priya', middleName: 'Anjali', surname: 'Shah' },
    });
  });

  it('shows fullName with every part given and flatFullName without titles', () => {
    expect(fullName(name)).toBe('Dr Priya Anjali Shah OBE');
    expect(flatFullName(name)).toBe('Priya Anjali Shah');
    const shown = {
      id: 'n',
      type: 'fullName',
      prefix: { show: true },
      postNominals: { show: true },
    } as const;
    expect(text(shown, name)).toBe('Dr Priya Anjali Shah OBE');
  });
});

describe('repeater', () => {
  const staff: FieldInput = {
    id: 'r',
    type: 'repeater',
    min: 1,
    max: 2,
    cellSchema: {
      cell1: { label: 'Name' },
      cell2: { label: 'Email', type: 'email' },
      cell3: { label: 'Age', type: 'number' },
    },
  };

  it('stores rows with content, leaving out blank rows and cells the schema does not have', () => {
    const rows = [
      { cell1: 'Ann', cell4: 'ignored' },
      { cell1: ' ', cell2: '' },
      { cell1: 'Bo', cell3: 30 },
    ];
    expect(check(staff, rows).reading).toEqual({
      status: 'value',
      value: [{ cell1: 'Ann' }, { cell1: 'Bo', cell3: 30 }],
    });
  });

  it('keeps rows between min and max and checks each cell by its type', () => {
    const tooMany = [{ cell1: 'A' }, { cell1: 'B' }, { cell1: 'C' }];
    expect(check(staff, tooMany).messages).toEqual(['Add no more than 2 rows']);
    expect(check(staff, [{ cell2: 'not-an-email', cell3: 'old' }]).messages).toEqual([
      'Row 1, Email: Enter a valid email address, like name@example.com',
      'Row 1, Age: Enter a number',
    ]);
    expect(check({ ...staff, min: 2 }, [{ cell1: 'A' }]).messages).toEqual(['Add at least 2 rows']);
    expect(check({ ...staff, min: 2 }, [{ cell1: 'A' }], true).messages).toEqual([]);
  });

  it('shows one line per row with the cell labels', () => {
    expect(text(staff, [{ cell1: 'Ann Lee', cell2: 'ann@example.com' }, { cell1: 'Bo' }])).toBe(
      'Name: Ann Lee, Email: ann@example.com\nName: Bo',
    );
  });
});
