import { maskEmails, scrubText } from '../../shared/observability/scrub';

/**
 * What the browser's error reports may carry (decision 0043), applied to every event, breadcrumb and
 * replay side-event before it leaves: no cookies, headers, request bodies or user, no query string
 * or fragment on any address (link tokens, search terms), and e-mail addresses and long tokens
 * masked everywhere by the server's rule (shared/observability/scrub). Ids the report needs to be
 * joined up (event, trace, span, replay, the server's request id) are left as they are.
 */

/** Keys whose value is an id of the report itself, never a person's data. */
const ID_KEY = /(^|_)ids?$|Ids?$|^(release|dist|environment|platform|type|level|sdk)$/;
/** The query string or fragment of an address inside any text. */
const QUERY = /(?<=(?:https?:\/\/|\/)[^\s?#"'<>]*)[?#][^\s"'<>]*/g;
/** Keys never sent whatever their value: a query string, a fragment, a cookie, credentials. */
const DROPPED_KEY = /query|fragment|cookie|authorization|password/i;
/** A replay's page snapshot nests as deep as the page; reports are JSON, so there are no cycles. */
const MAX_DEPTH = 64;

/**
 * The shared rule, after the query strings are cut: e-mail addresses over the whole text, then
 * tokens between slashes (the token pattern also matches `/`, standard base64, so a whole address
 * would otherwise become one '[token]'; a token stays masked within its segment).
 */
export function scrubString(text: string): string {
  return maskEmails(text.replace(QUERY, '')).split('/').map(scrubText).join('/').slice(0, 2000);
}

/** Every string inside `value`, scrubbed; ids kept; objects and arrays copied. */
export function scrubDeep<T>(value: T, key = '', depth = 0): T {
  if (typeof value === 'string') return (ID_KEY.test(key) ? value : scrubString(value)) as T;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, key, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value))
    if (!DROPPED_KEY.test(name)) copy[name] = scrubDeep(inner, name, depth + 1);
  return copy as T;
}

/** beforeSend / beforeSendTransaction: the event without what may name or let someone in as a person. */
export function scrubEvent<E extends { request?: { url?: string }; user?: unknown }>(event: E): E {
  const copy: E = { ...event };
  if (copy.request) {
    // Only the page's address (without its query, below) is kept of the request: no cookies,
    // headers, body or query string.
    const { url } = copy.request;
    copy.request = (typeof url === 'string' ? { url } : {}) as E['request'];
  }
  delete copy.user;
  return scrubDeep(copy);
}

/**
 * beforeBreadcrumb: console lines, clicks, navigations and requests are kept as places and
 * statuses; a request's body and headers never are (the SDK does not record them; dropped here in
 * case an integration ever does).
 */
export function scrubBreadcrumb<B extends { data?: { [key: string]: unknown } }>(breadcrumb: B): B {
  if (!breadcrumb.data) return scrubDeep(breadcrumb);
  const { body, request_body, response_body, headers, request_headers, response_headers, ...data } =
    breadcrumb.data;
  return scrubDeep({ ...breadcrumb, data });
}
