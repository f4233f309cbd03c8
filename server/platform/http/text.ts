import type { ErrorIssue } from '../../../shared/http/errors';

/**
 * Text PostgreSQL cannot store: a NUL character, or half of a UTF-16 surrogate pair (which has no
 * UTF-8 form). Such a string is refused once, at validation, for every route, so no service ever
 * sends it to the database (where it was a 500).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is this pattern's purpose
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Text may not contain a NUL character or a broken Unicode character';

/** The path of the first string (or object key) in a parsed body, query or params that cannot be stored. */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): ErrorIssue | null {
  if (typeof value === 'string')
    return UNSTORABLE.test(value) ? { path, message: UNSTORABLE_TEXT_MESSAGE } : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return { path: [...path, key], message: UNSTORABLE_TEXT_MESSAGE };
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
