import { describe, expect, it } from 'vitest';
import { standBuildFixture } from './fixtures';
import { evaluateVisibility } from './logic';
import { nextPage, pagesToWalk, previousPage, splitIntoPages } from './pages';
import { testForm } from './testing';

const stand = standBuildFixture.definition;
const titles = (pages: { title: string }[]) => pages.map((page) => page.title);

describe('pages', () => {
  it('splits a form at its newPage fields', () => {
    const pages = splitIntoPages(stand);
    expect(titles(pages)).toEqual(['', 'Shell scheme fascia', 'Stand construction', 'Declarations']);
    expect(pages[0].fieldIds).toEqual([
      'sb-intro-section',
      'sb-stand-number',
      'sb-stand-type',
      'sb-deadline-callout',
    ]);
    expect(pages[1]).toMatchObject({
      index: 1,
      newPageFieldId: 'sb-page-fascia',
      fieldIds: ['sb-fascia-name'],
    });
  });

  it('is one page without page breaks, and has no empty first page when the form opens with one', () => {
    expect(splitIntoPages(testForm([{ id: 'a', type: 'text' }]))).toHaveLength(1);
    const opening = testForm([
      { id: 'p1', type: 'newPage', label: 'Welcome' },
      { id: 'a', type: 'text' },
    ]);
    expect(titles(splitIntoPages(opening))).toEqual(['Welcome']);
  });

  it('skips the page logic hides: a space only stand walks the construction page', () => {
    const space = evaluateVisibility(stand, { 'sb-stand-type': ['space'] });
    expect(titles(pagesToWalk(stand, space))).toEqual(['', 'Stand construction', 'Declarations']);
    const shell = evaluateVisibility(stand, { 'sb-stand-type': ['shell'] });
    expect(titles(pagesToWalk(stand, shell))).toEqual(['', 'Shell scheme fascia', 'Declarations']);
  });

  it('moves forward and back over skipped pages', () => {
    const shell = evaluateVisibility(stand, { 'sb-stand-type': ['shell'] });
    expect(nextPage(stand, shell, 1)?.title).toBe('Declarations');
    expect(previousPage(stand, shell, 3)?.title).toBe('Shell scheme fascia');
    expect(nextPage(stand, shell, 3)).toBeNull();
    expect(previousPage(stand, shell, 0)).toBeNull();
  });

  it('skips a page with nothing shown on it', () => {
    const form = testForm(
      [
        { id: 'q', type: 'checkbox' },
        { id: 'p2', type: 'newPage' },
        { id: 'only', type: 'text' },
      ],
      { q: { rules: [{ sourceId: 'q', sourceType: 'checkbox', sourceValue: 'yes' }], thenFieldId: 'only' } },
    );
    expect(pagesToWalk(form, evaluateVisibility(form, {}))).toHaveLength(1);
  });
});
