import { describe, expect, it } from 'vitest';
import { checkLogicMap } from './check-logic';
import { standBuildFixture } from './fixtures';
import { evaluateVisibility } from './logic';
import { pagesToWalk } from './pages';
import type { FieldInput } from './schema/field';
import { testForm } from './testing';
import { validateSubmission } from './validate';

// The worked example of docs/decisions/0002-form-logic.md, row by row.

const stand = standBuildFixture.definition;

function walk(values: Record<string, unknown>) {
  const visibility = evaluateVisibility(stand, values);
  return {
    pages: pagesToWalk(stand, visibility).map((page) => page.title || '1'),
    rigging: visibility.fields['sb-rigging-section'],
  };
}

describe('the worked example', () => {
  it.each([
    [
      { 'sb-stand-type': ['space'], 'sb-rigging': ['yes'] },
      ['1', 'Stand construction', 'Declarations'],
      true,
    ],
    [
      { 'sb-stand-type': ['space'], 'sb-rigging': ['no'] },
      ['1', 'Stand construction', 'Declarations'],
      false,
    ],
    [
      { 'sb-stand-type': ['shell'], 'sb-rigging': ['yes'] },
      ['1', 'Shell scheme fascia', 'Declarations'],
      false,
    ],
    [{}, ['1', 'Shell scheme fascia', 'Declarations'], false],
  ])('%o walks %o', (values, pages, rigging) => {
    expect(walk(values)).toEqual({ pages, rigging });
  });

  it('drops the construction answers of a shell scheme stand on submit', () => {
    const values = {
      ...standBuildFixture.submission.values,
      'sb-stand-type': ['shell'],
      'sb-fascia-name': 'NORTHWIND',
    };
    const stored = validateSubmission(stand, values).values;
    expect(Object.keys(stored)).toEqual([
      'sb-stand-number',
      'sb-stand-type',
      'sb-fascia-name',
      'sb-build-date',
      'sb-health-safety',
      'sb-regulations',
    ]);
  });

  it('chains two entries for a three-way choice, without a cycle', () => {
    const option = (id: string) => ({ id, label: id, value: id });
    const fields: FieldInput[] = [
      { id: 'type', type: 'dropdown', options: ['a', 'b', 'c'].map(option) },
      { id: 'section-a', type: 'section' },
      { id: 'about-a', type: 'text' },
      { id: 'other', type: 'section' },
      { id: 'section-b', type: 'section' },
      { id: 'about-b', type: 'text' },
      { id: 'section-c', type: 'section' },
      { id: 'about-c', type: 'text' },
    ];
    const form = testForm(fields, {
      type: {
        rules: [{ sourceId: 'type', sourceType: 'dropdown', sourceValue: 'a' }],
        thenFieldId: 'section-a',
        elseFieldId: 'other',
      },
      other: {
        rules: [{ sourceId: 'type', sourceType: 'dropdown', sourceValue: 'b' }],
        thenFieldId: 'section-b',
        elseFieldId: 'section-c',
      },
    });
    expect(checkLogicMap(form.form, form.fields)).toEqual([]);
    const shownFor = (choice: string) => {
      const visibility = evaluateVisibility(form, { type: [choice] });
      return ['about-a', 'about-b', 'about-c'].filter((id) => visibility.fields[id]);
    };
    expect(shownFor('a')).toEqual(['about-a']);
    expect(shownFor('b')).toEqual(['about-b']);
    expect(shownFor('c')).toEqual(['about-c']);
  });
});
