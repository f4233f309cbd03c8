import { describe, expect, it } from 'vitest';
import { hotelBookingFixture } from './fixtures';
import { evaluateVisibility } from './logic';
import type { FieldInput } from './schema/field';
import { expandTemplate, loopTitle, setLoopCount, setLoopValue } from './templates';
import { testField } from './testing';

const hotel = hotelBookingFixture.definition;
const values = hotelBookingFixture.submission.values;

function template(input: Partial<FieldInput>) {
  const field = testField({
    id: 't',
    type: 'template',
    fieldGroupId: 'g',
    isLooping: true,
    maxLoops: 3,
    ...input,
  });
  if (field.type !== 'template') throw new Error('expected a template');
  return field;
}
const group = { id: 'g', title: 'Guest details', fieldIds: [], logicMap: {} };

describe('loop titles', () => {
  it("come from the loop prefix ('Guest 1', 'Guest 2')", () => {
    expect(loopTitle(template({ loopPrefix: 'Guest' }), group, 0)).toBe('Guest 1');
    expect(loopTitle(template({ loopPrefix: 'Guest' }), group, 1)).toBe('Guest 2');
  });

  it("are the group's title numbered without a prefix or when default titles are asked for", () => {
    expect(loopTitle(template({}), group, 2)).toBe('Guest details 3');
    expect(loopTitle(template({ loopPrefix: 'Guest', isUsingDefaultTitles: true }), group, 0)).toBe(
      'Guest details 1',
    );
    expect(loopTitle(template({}), { ...group, title: '' }, 0)).toBe('Entry 1');
  });
});

describe('expanding a template', () => {
  it('shows the group once per loop, each loop with its own visible fields', () => {
    const loops = expandTemplate(hotel, 'hb-guests', values, evaluateVisibility(hotel, values));
    expect(loops.map((loop) => loop.title)).toEqual(['Guest 1', 'Guest 2', 'Guest 3']);
    expect(loops[0].fieldIds).toContain('hg-dietary-details');
    expect(loops[0].fieldIds).not.toContain('hg-car-registration');
    expect(loops[1].fieldIds).toContain('hg-car-registration');
    expect(loops[1].values['hg-room']).toEqual(['accessible']);
  });

  it('shows one empty loop before anything is answered', () => {
    const loops = expandTemplate(hotel, 'hb-guests', {}, evaluateVisibility(hotel, {}));
    expect(loops).toHaveLength(1);
    expect(loops[0].values).toEqual({});
  });
});

describe('changing loops', () => {
  const field = template({});

  it('adds and removes loops within 1 to maxLoops, keeping answers', () => {
    const two = setLoopCount(field, { loopCount: 1, templateValues: [{ name: 'Ann' }] }, 2);
    expect(two).toEqual({ loopCount: 2, templateValues: [{ name: 'Ann' }, {}] });
    expect(setLoopCount(field, two, 9).loopCount).toBe(3);
    expect(setLoopCount(field, two, 0)).toEqual({ loopCount: 1, templateValues: [{ name: 'Ann' }] });
  });

  it('sets one answer in one loop', () => {
    const two = setLoopCount(field, undefined, 2);
    expect(setLoopValue(field, two, 1, 'name', 'Bo')).toEqual({
      loopCount: 2,
      templateValues: [{}, { name: 'Bo' }],
    });
    expect(setLoopValue(field, two, 5, 'name', 'Bo')).toEqual(two);
  });
});
