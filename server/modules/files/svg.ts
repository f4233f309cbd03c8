import type { DOMPurify as Purifier } from 'dompurify';

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
