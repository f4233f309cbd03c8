import { describe, expect, it } from 'vitest';
import type { FieldInput } from '../schema/field';
import { testField } from '../testing';
import { fieldTypeOf } from '.';

// Every field type's text form, the one reports, emails and webhooks use, in one table.

const euro = { locale: 'de-DE', currency: 'EUR' };

const cases: [FieldInput, unknown, string][] = [
  [{ id: 'x', type: 'text' }, ' Northwind ', 'Northwind'],
  [{ id: 'x', type: 'email' }, 'ops@example.com', 'ops@example.com'],
  [{ id: 'x', type: 'tel' }, '+49 30 1234567', '+49 30 1234567'],
  [{ id: 'x', type: 'url' }, 'https://example.com', 'https://example.com'],
  [{ id: 'x', type: 'number' }, 12.5, '12.5'],
  [{ id: 'x', type: 'area' }, 'One\nTwo', 'One\nTwo'],
  [{ id: 'x', type: 'date' }, '2026-06-14', '14. Juni 2026'],
  [{ id: 'x', type: 'checkbox' }, ['yes'], 'Yes'],
  [{ id: 'x', type: 'dropdown', options: [{ id: 'b', label: 'Berlin', value: 'ber' }] }, ['b'], 'Berlin'],
  [
    { id: 'x', type: 'address' },
    { addressLine1: 'Messedamm 22', city: 'Berlin', postcode: '14055' },
    'Messedamm 22\nBerlin\n14055',
  ],
  [{ id: 'x', type: 'fullName' }, { firstName: 'Lena', surname: 'Fischer' }, 'Lena Fischer'],
  [
    { id: 'x', type: 'repeater', cellSchema: { cell1: { label: 'Name' } } },
    [{ cell1: 'Lena' }, { cell1: 'Jonas' }],
    'Name: Lena\nName: Jonas',
  ],
  [
    { id: 'x', type: 'upload', isMulti: true },
    [
      { name: 'a.pdf', size: 1 },
      { name: 'b.png', size: 1 },
    ],
    'a.pdf, b.png',
  ],
  [{ id: 'x', type: 'disclaimer' }, true, 'Yes'],
  [
    { id: 'x', type: 'itemList', showTotal: false, items: [{ itemId: 'c', label: 'Stuhl', price: 1850 }] },
    [{ itemId: 'c', price: 1850, quantity: 2 }],
    '2 x Stuhl at 18,50\u00a0€ = 37,00\u00a0€',
  ],
  [
    { id: 'x', type: 'template', fieldGroupId: 'g', isLooping: true, maxLoops: 4 },
    { loopCount: 2, templateValues: [] },
    '2 entries',
  ],
];

describe('text forms', () => {
  it.each(cases)('%o shows %o as %o', (input, value, expected) => {
    const field = testField(input);
    expect(fieldTypeOf(field).toText(field, value, euro)).toBe(expected);
  });

  it('shows nothing for layout items, the grand total (computed elsewhere) and empty answers', () => {
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
      const field = testField({ id: 'x', type });
      expect(fieldTypeOf(field).toText(field, 'anything', euro)).toBe('');
    }
    const text = testField({ id: 'x', type: 'text' });
    expect(fieldTypeOf(text).toText(text, undefined, euro)).toBe('');
    expect(fieldTypeOf(text).toText(text, { not: 'text' }, euro)).toBe('');
  });
});
