import type { UploadType } from './types';

/**
 * Whether a file's bytes are what its extension says (magic bytes). A renamed executable, or an
 * HTML page called photo.jpg, is refused before anything is stored. Office files in the old
 * binary format share one container (OLE), so doc, xls and ppt are told apart by extension only;
 * the new ones are zip archives told apart by their main folder (word/, xl/, ppt/).
 */

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let out = '';
  for (let i = from; i < Math.min(to, bytes.length); i += 1) out += String.fromCharCode(bytes[i]);
  return out;
}

/** Text: valid UTF-8 without NUL bytes (a binary file renamed .txt has NULs or invalid sequences). */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** SVG: text whose first element, after any XML prolog, comments and doctype, is <svg. */
export function isSvg(bytes: Uint8Array): boolean {
  if (!isText(bytes)) return false;
  const text = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  const withoutPrelude = text.replace(/^(\s+|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '');
  return /^<svg[\s>]/i.test(withoutPrelude);
}

/** A zip's entry names are stored uncompressed, so an Office file names its main folder in plain text. */
function zipHasFolder(bytes: Uint8Array, folder: string): boolean {
  const pattern = new TextEncoder().encode(folder);
  outer: for (let i = 0; i + pattern.length <= bytes.length; i += 1) {
    for (let j = 0; j < pattern.length; j += 1) if (bytes[i + j] !== pattern[j]) continue outer;
    return true;
  }
  return false;
}

function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP);
}

export function contentMatchesType(type: UploadType, bytes: Uint8Array): boolean {
  switch (type) {
    case 'jpeg':
      return startsWith(bytes, JPEG);
    case 'png':
      return startsWith(bytes, PNG);
    case 'webp':
      return ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP';
    case 'svg':
      return isSvg(bytes);
    case 'pdf':
      return startsWith(bytes, PDF);
    case 'doc':
    case 'xls':
    case 'ppt':
      return startsWith(bytes, OLE);
    case 'docx':
      return isZip(bytes) && zipHasFolder(bytes, 'word/');
    case 'xlsx':
      return isZip(bytes) && zipHasFolder(bytes, 'xl/');
    case 'pptx':
      return isZip(bytes) && zipHasFolder(bytes, 'ppt/');
    case 'zip':
      return isZip(bytes);
    case 'mp4':
      return ascii(bytes, 4, 8) === 'ftyp';
    case 'txt':
      return isText(bytes);
  }
}
