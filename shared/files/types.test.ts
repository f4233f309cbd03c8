import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brandingFileIdOf, brandingFileUrl, isBrandingFileUrl } from '../branding/schema';
import { contentMatchesType, isSvg, isText } from './detect';
import {
  acceptFor,
  PURPOSE_CATEGORIES,
  tooLargeMessage,
  typeFromName,
  typeNotAllowedMessage,
  typesFor,
  UPLOAD_TYPE_NAMES,
  UPLOAD_TYPES,
} from './types';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (s: string) => new TextEncoder().encode(s);

describe('upload types and categories (spec)', () => {
  it('has exactly the spec types and their groups', () => {
    expect([...UPLOAD_TYPE_NAMES].sort()).toEqual(
      [
        'jpeg',
        'png',
        'webp',
        'svg',
        'doc',
        'pdf',
        'txt',
        'xls',
        'ppt',
        'docx',
        'xlsx',
        'pptx',
        'mp4',
        'zip',
      ].sort(),
    );
    // File type groups: image (jpeg, png, webp, svg), video (mp4), docs (office and txt), zip; pdf its own category.
    const byCategory = (c: string) => UPLOAD_TYPE_NAMES.filter((t) => UPLOAD_TYPES[t].category === c).sort();
    expect(byCategory('image')).toEqual(['jpeg', 'png', 'svg', 'webp']);
    expect(byCategory('video')).toEqual(['mp4']);
    expect(byCategory('docs')).toEqual(['doc', 'docx', 'ppt', 'pptx', 'txt', 'xls', 'xlsx']);
    expect(byCategory('zip')).toEqual(['zip']);
    expect(byCategory('pdf')).toEqual(['pdf']);
  });

  it('reads the type from the last extension, in any case', () => {
    expect(typeFromName('Floor Plan.JPG')).toBe('jpeg');
    expect(typeFromName('photo.jpeg')).toBe('jpeg');
    expect(typeFromName('archive.tar.zip')).toBe('zip');
    expect(typeFromName('report.pdf.exe')).toBeNull();
    expect(typeFromName('README')).toBeNull();
    expect(typeFromName('trailing.')).toBeNull();
  });

  it('lets each purpose take its categories only', () => {
    expect(typesFor('branding')).toEqual(['jpeg', 'png', 'webp', 'svg']);
    expect(typesFor('contentPdf')).toEqual(['pdf']);
    expect(typesFor('asset')).not.toContain('mp4');
    expect(typesFor('download')).toEqual(UPLOAD_TYPE_NAMES);
    expect(acceptFor('contentPdf')).toEqual({ 'application/pdf': ['.pdf'] });
    expect(PURPOSE_CATEGORIES.supplierLogo).toEqual(['image']);
  });

  it('words refusals as the spec does', () => {
    expect(typeNotAllowedMessage('branding')).toBe('Image upload needs an image file type');
    expect(typeNotAllowedMessage('supplierLogo')).toBe('Image upload needs an image file type');
    expect(typeNotAllowedMessage('contentPdf')).toBe(
      'This file type cannot be uploaded here. Allowed types: pdf',
    );
    expect(tooLargeMessage(50 * 1024 * 1024)).toBe('The file is too large. The limit is 50 MB');
    expect(tooLargeMessage(1024)).toBe('The file is too large. The limit is 1 KB');
  });
});

describe('content matches extension (magic bytes)', () => {
  const samples = {
    jpeg: bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10),
    png: bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0),
    webp: text('RIFF\x00\x00\x00\x00WEBPVP8 '),
    svg: text(
      '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    ),
    pdf: text('%PDF-1.4\n'),
    doc: bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1),
    docx: text('PK\x03\x04....[Content_Types].xml....word/document.xml'),
    xlsx: text('PK\x03\x04....xl/workbook.xml'),
    pptx: text('PK\x03\x04....ppt/presentation.xml'),
    zip: text('PK\x03\x04anything'),
    mp4: text('\x00\x00\x00\x18ftypmp42'),
    txt: text('Build-up starts at 08:00 — bring hi-vis.'),
  } as const;

  it('accepts each type’s own signature', () => {
    for (const [type, sample] of Object.entries(samples)) {
      expect(contentMatchesType(type as keyof typeof samples, sample), type).toBe(true);
    }
    expect(contentMatchesType('xls', samples.doc)).toBe(true);
    expect(contentMatchesType('ppt', samples.doc)).toBe(true);
  });

  it('refuses another type’s bytes under a name', () => {
    expect(contentMatchesType('jpeg', samples.png)).toBe(false);
    expect(contentMatchesType('pdf', samples.jpeg)).toBe(false);
    expect(contentMatchesType('docx', samples.xlsx)).toBe(false);
    expect(contentMatchesType('docx', samples.zip)).toBe(false);
    expect(contentMatchesType('svg', text('<html><svg></svg></html>'))).toBe(false);
    expect(contentMatchesType('txt', samples.png)).toBe(false);
    expect(contentMatchesType('webp', text('RIFF\x00\x00\x00\x00WAVEfmt '))).toBe(false);
    expect(contentMatchesType('png', bytes(0x89, 0x50))).toBe(false);
  });

  it('never takes a random binary for text or SVG, and any UTF-8 text without NUL as text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (data) => {
        if (data.includes(0)) expect(isText(data)).toBe(false);
        if (!isText(data)) expect(isSvg(data)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const encoded = text(s);
        expect(isText(encoded)).toBe(!s.includes('\u0000'));
      }),
    );
  });
});

describe('branding file addresses', () => {
  it('round-trips a file id and refuses other addresses', () => {
    const id = '2f1c6a8e-4b7d-4e2a-9c3b-1d2e3f4a5b6c';
    expect(brandingFileUrl(id, 'logo')).toBe(`/api/guests/files/${id}?size=small`);
    expect(brandingFileUrl(id, 'loginImage')).toBe(`/api/guests/files/${id}?size=large`);
    expect(brandingFileIdOf(brandingFileUrl(id, 'iconLogo'))).toBe(id);
    expect(brandingFileIdOf('https://cdn.example.test/logo.png')).toBeNull();
    expect(isBrandingFileUrl(`/api/guests/files/${id}?size=huge`)).toBe(false);
    expect(isBrandingFileUrl(`/api/guests/files/${id}/../x`)).toBe(false);
  });
});
