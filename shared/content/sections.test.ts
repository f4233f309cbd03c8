import { describe, expect, it } from 'vitest';
import { sectionsBodySchema } from './api';
import { CONTENT_ERRORS, emptySectionData, SECTION_TYPES, sectionInputSchema } from './sections';

const parse = (section: object) => sectionInputSchema.safeParse(section);
const messages = (section: object) => {
  const result = parse(section);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('section schemas', () => {
  it('knows exactly the eleven section types of the spec', () => {
    expect(SECTION_TYPES).toHaveLength(11);
  });

  it('defaults new sections to published with an empty heading', () => {
    const result = sectionInputSchema.parse({ type: 'richText', data: '<p>Hi</p>' });
    expect(result).toMatchObject({ heading: '', isPublished: true });
  });

  it("refuses a table whose header length does not match the column count, in the spec's words", () => {
    const table = (cells: string[][], columnCount: number) => ({
      type: 'table',
      data: {
        isFixedWidth: true,
        isFirstRowHeader: true,
        columnCount,
        rows: cells.map((c) => ({ cells: c })),
      },
    });
    expect(messages(table([['Day', 'Time']], 3))).toContain(CONTENT_ERRORS.tableHeader);
    expect(messages(table([['Day', 'Time'], ['Mon']], 2))).toContain(CONTENT_ERRORS.tableRow);
    expect(
      parse(
        table(
          [
            ['Day', 'Time'],
            ['Mon', '09:00'],
          ],
          2,
        ),
      ).success,
    ).toBe(true);
    expect(parse(table([], 0)).success).toBe(true);
  });

  it('stores the YouTube shortcode and the Vimeo id even when an address is pasted', () => {
    expect(
      sectionInputSchema.parse({ type: 'youTube', data: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }).data,
    ).toBe('dQw4w9WgXcQ');
    expect(sectionInputSchema.parse({ type: 'vimeo', data: 'https://vimeo.com/76979871' }).data).toBe(
      '76979871',
    );
    expect(parse({ type: 'youTube', data: 'not a video' }).success).toBe(false);
    expect(parse({ type: 'vimeo', data: 'abc' }).success).toBe(false);
  });

  it('needs a known callout variant, a PDF name and file, an address for maps and a safe button link', () => {
    expect(parse({ type: 'callout', data: { text: 'Hi', variant: 'purple' } }).success).toBe(false);
    expect(parse({ type: 'pdf', data: { fileName: '', fileIds: [] } }).success).toBe(false);
    expect(parse({ type: 'googleMaps', data: '' }).success).toBe(false);
    expect(parse({ type: 'googleMaps', data: 'https://evil.example/' }).success).toBe(false);
    expect(parse({ type: 'button', data: { text: 'Go', link: 'javascript:alert(1)' } }).success).toBe(false);
    expect(parse({ type: 'button', data: { text: 'Go', link: '//evil.example' } }).success).toBe(false);
    expect(parse({ type: 'button', data: { text: 'Go', link: '/tasks' } }).success).toBe(true);
    expect(parse({ type: 'button', data: { text: 'Go', link: 'https://example.com' } }).success).toBe(true);
  });

  it('refuses resource types outside the fixed list and unknown keys', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(parse({ type: 'resources', data: [{ type: 'video', id, label: 'X' }] }).success).toBe(false);
    expect(parse({ type: 'resources', data: [{ type: 'task', id, label: 'X' }] }).success).toBe(true);
    expect(parse({ type: 'richText', data: '', surprise: 1 }).success).toBe(false);
    expect(parse({ type: 'unknown', data: '' }).success).toBe(false);
  });

  it('starts each type from data the editor can fill in', () => {
    for (const type of SECTION_TYPES) expect(emptySectionData(type)).toBeDefined();
    expect(emptySectionData('table')).toEqual({
      isFixedWidth: true,
      isFirstRowHeader: true,
      columnCount: 0,
      rows: [],
    });
  });

  it('caps how many sections one save may carry', () => {
    const many = Array.from({ length: 201 }, () => ({ type: 'richText', data: '' }));
    expect(sectionsBodySchema.safeParse({ sections: many }).success).toBe(false);
  });
});
