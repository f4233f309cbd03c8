import type { DOMPurify as Purifier } from 'dompurify';
import sharp from 'sharp';
import {
  IMAGE_QUALITY,
  IMAGE_SIZE_BOXES,
  IMAGE_SIZES,
  type ImageSize,
} from '../../../../../shared/files/schemas';
import { FILE_ERRORS } from '../../../../../shared/files/types';
import { badRequest } from '../../../../platform/http/errors';

/**
 * A header can be sound and the pixels behind it corrupt (only a full decode finds out): such an
 * upload is the sender's bad input, a 400, never a 500.
 */
async function decoding<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw badRequest(FILE_ERRORS.unreadableImage);
  }
}

/**
 * Image work with sharp (decision 0010). Variants fit inside the spec's boxes without cropping or
 * enlarging, and are WebP at quality 80: every browser we support shows WebP, and it is about a
 * third smaller than JPEG at the same quality. EXIF orientation is applied, then metadata dropped
 * (no camera GPS positions leak from a photo).
 */

/**
 * The large size is made from the upload (one decode, with JPEG shrink-on-load), and the three
 * smaller ones from the large size's pixels rather than from the upload again: decoding a 12 MP
 * photo is most of the work, so this halves it (bench/files.bench.ts, docs/benchmarks.md).
 */
export async function resizeToVariants(input: Buffer): Promise<Record<ImageSize, Buffer>> {
  const large = await decoding(() =>
    sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ ...IMAGE_SIZE_BOXES.large, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const { width, height, channels } = large.info;
  const pixels = () => sharp(large.data, { raw: { width, height, channels } });
  const outputs = await Promise.all(
    IMAGE_SIZES.map((size) =>
      (size === 'large'
        ? pixels()
        : pixels().resize({ ...IMAGE_SIZE_BOXES[size], fit: 'inside', withoutEnlargement: true })
      )
        .webp({ quality: IMAGE_QUALITY })
        .toBuffer(),
    ),
  );
  return Object.fromEntries(IMAGE_SIZES.map((size, i) => [size, outputs[i]])) as Record<ImageSize, Buffer>;
}

/** Spec: a supplier logo is resized to 256x256 PNG at quality 80, letterboxed on transparency. */
export async function resizeLogo(input: Buffer): Promise<Buffer> {
  return decoding(() =>
    sharp(input, { failOn: 'error' })
      .rotate()
      .resize({ width: 256, height: 256, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ quality: IMAGE_QUALITY })
      .toBuffer(),
  );
}

/** Whether sharp can decode the bytes at all (a truncated or corrupt image is refused on upload). */
export async function isDecodableImage(input: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(input, { failOn: 'error' }).metadata();
    return Boolean(meta.width && meta.height);
  } catch {
    return false;
  }
}

/**
 * SVG uploads are sanitised before they are stored (spec): scripts, event handlers, foreign
 * objects and links out of the drawing are removed. DOMPurify on jsdom is loaded on first use, so
 * server start does not pay for it. Served files also carry a sandboxing CSP (decision 0010), a
 * second line should anything slip through.
 */

const SAFE_REFERENCE = /^(#|data:image\/(png|jpeg|webp|gif);)/i;
const SVG_NS = 'http://www.w3.org/2000/svg';

let purifier: Promise<Purifier> | undefined;

async function loadPurifier(): Promise<Purifier> {
  // jsdom ships no type declarations (and @types/jsdom is not installed): name what we use of it.
  const jsdomSpecifier = 'jsdom';
  const [{ JSDOM }, { default: createDOMPurify }] = (await Promise.all([
    import(jsdomSpecifier),
    import('dompurify'),
  ])) as [{ JSDOM: new (html: string) => { window: unknown } }, typeof import('dompurify')];
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'xlink:href']) {
      const value = node.getAttribute(name);
      if (value !== null && !SAFE_REFERENCE.test(value.trim())) node.removeAttribute(name);
    }
  });
  return purify;
}

/** The drawing without anything that could run or fetch; '' when nothing of an SVG remains. */
export async function sanitizeSvg(svg: string): Promise<string> {
  purifier ??= loadPurifier();
  const purify = await purifier;
  const clean = purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style'],
    FORBID_ATTR: ['style'],
  });
  const trimmed = clean.trim();
  if (!/^<svg[\s>]/i.test(trimmed)) return '';
  // Parsed as HTML, the namespace is implied; a stand-alone .svg file needs it written out.
  return /^<svg[^>]*\sxmlns=/i.test(trimmed) ? trimmed : trimmed.replace(/^<svg/i, `<svg xmlns="${SVG_NS}"`);
}
