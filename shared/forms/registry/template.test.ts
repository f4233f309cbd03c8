import { describe, expect, it } from 'vitest';
import type { FieldInput } from '../schema/field';
import { testField } from '../testing';
import { loopCountOf, readTemplateValue } from './template';

function template(input: Partial<FieldInput> = {}) {
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

describe('template answers', () => {
  it('keep loopCount from 1 to maxLoops, and one loop when not looping', () => {
    expect(loopCountOf(template(), { loopCount: 7 })).toBe(3);
    expect(loopCountOf(template(), { loopCount: 0 })).toBe(1);
    expect(loopCountOf(template({ isLooping: false }), { loopCount: 3 })).toBe(1);
  });

  it('are kept per loop, padded to loopCount and cut after it', () => {
    const reading = readTemplateValue(template(), {
      loopCount: 2,
      templateValues: [{ a: 'x' }, null, { a: 'z' }],
    });
    expect(reading).toEqual({ status: 'value', value: { loopCount: 2, templateValues: [{ a: 'x' }, {}] } });
  });

  it('refuse more loops than the template allows', () => {
    expect(readTemplateValue(template(), { loopCount: 4, templateValues: [] })).toEqual({
      status: 'invalid',
      message: 'Add no more than 3 entries',
    });
    expect(readTemplateValue(template(), { loopCount: 'two' })).toMatchObject({ status: 'invalid' });
    expect(readTemplateValue(template(), { loopCount: 1, templateValues: ['guest'] })).toMatchObject({
      status: 'invalid',
    });
  });
});
