import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstInOrder } from './service';

describe('firstInOrder (the team report picks its page this way)', () => {
  it('gives the first items of the full sort, in order, whatever the count', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -1_000, max: 1_000 }), { maxLength: 300 }),
        fc.integer({ min: 0, max: 350 }),
        fc.boolean(),
        (values, count, desc) => {
          const compare = (a: number, b: number) => (desc ? b - a : a - b);
          const expected = [...values].sort(compare).slice(0, count);
          expect(firstInOrder([...values], count, compare)).toEqual(expected);
        },
      ),
    );
  });

  it('keeps the first of the sort when keys tie and a second key decides', () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ score: i % 3, name: `team ${(i * 37) % 200}` }));
    const compare = (a: (typeof items)[number], b: (typeof items)[number]) =>
      b.score - a.score || a.name.localeCompare(b.name);
    expect(firstInOrder([...items], 25, compare)).toEqual([...items].sort(compare).slice(0, 25));
  });
});
