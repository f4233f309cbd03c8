import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_FILTER_TYPES, FILE_FILTERS, fileFilterOf, toFileFilter } from './fileFilter';
import { fileTypeOf } from './fileSize';

describe('file filter of a download', () => {
  it("puts the spec's upload types in their groups", () => {
    for (const name of ['a.jpeg', 'a.png', 'a.webp', 'a.svg', 'photo.JPG'])
      expect(fileFilterOf(fileTypeOf(name))).toBe('images');
    expect(fileFilterOf(fileTypeOf('tour.mp4'))).toBe('videos');
    for (const name of ['a.pdf', 'a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.ppt', 'a.pptx', 'a.txt'])
      expect(fileFilterOf(fileTypeOf(name))).toBe('documents');
    expect(fileFilterOf(fileTypeOf('logos.zip'))).toBe('files');
    expect(fileFilterOf(fileTypeOf('README'))).toBe('other');
    expect(fileFilterOf('CSV')).toBe('other');
  });

  it('gives every file type exactly one filter, and no extension sits in two groups', () => {
    const all = Object.values(FILE_FILTER_TYPES).flat();
    expect(new Set(all).size).toBe(all.length);
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (type) => {
        expect(FILE_FILTERS).toContain(fileFilterOf(type));
      }),
    );
  });

  it('reads only the known filters from an address', () => {
    expect(toFileFilter('documents')).toBe('documents');
    expect(toFileFilter('pdf')).toBeNull();
    expect(toFileFilter(undefined)).toBeNull();
  });
});
