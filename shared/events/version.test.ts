import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { semanticVersionSchema, VERSION_ERROR } from './version';

describe('event version (semantic version)', () => {
  it('accepts digits.digits.digits and reads empty as 0.0.0', () => {
    expect(semanticVersionSchema.parse('10.13.3')).toBe('10.13.3');
    expect(semanticVersionSchema.parse('')).toBe('0.0.0');
  });

  it("refuses anything else with the spec's message", () => {
    for (const text of ['10.13', '1.2.3-beta', 'v1.2.3', '1.2.3.4', 'a.b.c', '1..3']) {
      const result = semanticVersionSchema.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0].message).toBe(VERSION_ERROR);
    }
  });

  it('accepts every triple of natural numbers', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (a, b, c) => {
        expect(semanticVersionSchema.parse(`${a}.${b}.${c}`)).toBe(`${a}.${b}.${c}`);
      }),
    );
  });
});
