import type { DOMPurify as Purifier } from 'dompurify';

/**
 * Rich text arrives as HTML from the editor and is shown to every reader, so the server keeps only
 * what the editor can make: text formatting, headings, lists, quotes, code, links and tables.
 * DOMPurify on jsdom is loaded on first use: it takes a noticeable part of a second, which server
 * start should not pay.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'mark',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'span',
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'style', 'start'];
const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_STYLE = /^\s*text-align:\s*(left|right|center|justify);?\s*$/i;

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
    if (node.hasAttribute('href')) {
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_LINK.test(href.trim())) node.removeAttribute('href');
    }
    if (node.tagName === 'A') {
      // Links leave the portal in a new tab without handing it a window reference.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (node.hasAttribute('style') && !SAFE_STYLE.test(node.getAttribute('style') ?? '')) {
      node.removeAttribute('style');
    }
  });
  return purify;
}

/** The HTML a reader may be shown: scripts, handlers, frames, forms and unsafe links removed. */
export async function sanitizeRichText(html: string): Promise<string> {
  if (!html.trim()) return '';
  purifier ??= loadPurifier();
  const purify = await purifier;
  return purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
