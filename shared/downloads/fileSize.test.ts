import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileTypeOf, formatFileSize } from './fileSize';

describe('formatFileSize (spec: KB above 1000 bytes, MB above 1,000,000, one decimal)', () => {
  it('follows the thresholds of the spec', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1000)).toBe('1000 B');
    expect(formatFileSize(1001)).toBe('1.0 KB');
    expect(formatFileSize(1550)).toBe('1.6 KB');
    expect(formatFileSize(999_999)).toBe('1000.0 KB');
    expect(formatFileSize(1_000_000)).toBe('1000.0 KB');
    expect(formatFileSize(1_000_001)).toBe('1.0 MB');
    expect(formatFileSize(2_345_678)).toBe('2.3 MB');
    expect(formatFileSize(52_428_800)).toBe('52.4 MB');
  });

  it('refuses nonsense instead of printing NaN', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });

  it('always shows one decimal for KB and MB, and the unit matches the size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (bytes) => {
        const text = formatFileSize(bytes);
        if (bytes > 1_000_000) expect(text).toMatch(/^\d+\.\d MB$/);
        else if (bytes > 1000) expect(text).toMatch(/^\d+\.\d KB$/);
        else expect(text).toMatch(/^\d+ B$/);
      }),
    );
  });
});

describe('fileTypeOf', () => {
  it('takes the extension in capitals', () => {
    expect(fileTypeOf('Exhibitor manual.pdf')).toBe('PDF');
    expect(fileTypeOf('logos.v2.zip')).toBe('ZIP');
    expect(fileTypeOf('README')).toBe('FILE');
    expect(fileTypeOf('.hidden')).toBe('FILE');
  });
});
