import { randomBytes } from 'node:crypto';

/**
 * Open and click tracking (spec: Email response types 'open' and 'click'), added to an email's
 * HTML as it is handed to the mailer, never to the stored copy (a resend starts from the clean
 * copy and is tracked afresh). Each email has one random token: the open pixel is
 * /api/email-tracking/:token/open.gif and each link becomes /api/email-tracking/:token/links/:n,
 * which redirects to the n-th link kept with the email, so the redirect can only go where the
 * email itself pointed (no open redirect).
 */

export const TRACKING_PATH = '/api/email-tracking';

/** 32 random bytes: a token nobody can guess, so nobody can record opens for someone else. */
export const newTrackingToken = () => randomBytes(32).toString('base64url');

/** A link holding a one-time token stays direct: its live token must not be kept for a redirect. */
const ONE_TIME_TOKEN = /[?&]token=/;
const HREF = /(<a\b[^>]*?\bhref\s*=\s*")([^"]*)(")/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** Our templates and the rich-text sanitiser write attributes with these five escapes only. */
const decodeAttribute = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name]);

const isWebLink = (href: string) => /^https?:\/\//i.test(href);

export type Tracked = { html: string; links: string[] };

/**
 * Rewrites each web link of the HTML to its tracking redirect and adds the open pixel before
 * </body> (or at the end). Returns the HTML and the links in redirect order.
 */
export function addTracking(html: string, baseUrl: string, token: string): Tracked {
  const base = `${baseUrl.replace(/\/+$/, '')}${TRACKING_PATH}/${token}`;
  const links: string[] = [];
  const rewritten = html.replace(HREF, (whole, start: string, href: string, end: string) => {
    const target = decodeAttribute(href);
    if (!isWebLink(target) || ONE_TIME_TOKEN.test(target)) return whole;
    let index = links.indexOf(target);
    if (index === -1) index = links.push(target) - 1;
    return `${start}${base}/links/${index}${end}`;
  });
  const pixel = `<img src="${base}/open.gif" width="1" height="1" alt="" style="display:block;border:0">`;
  const withPixel = /<\/body>/i.test(rewritten)
    ? rewritten.replace(/<\/body>/i, `${pixel}</body>`)
    : `${rewritten}${pixel}`;
  return { html: withPixel, links };
}

/** The transparent 1×1 GIF the open pixel answers with. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
