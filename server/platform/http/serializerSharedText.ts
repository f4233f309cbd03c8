import { isSharedValue } from '../cache';

/** A compiled writer (serializer.ts): a value, checked as it is written, to its JSON text. */
type Writer = (value: unknown) => string;

/**
 * An object or array a read model holds (a cached page of teams, an account's events) is frozen
 * and handed to every request as the same object (platform/cache.ts): what this writer wrote for it
 * once is what it would write again, so the text is kept beside it (and goes with it) instead of
 * being written anew for each answer (decision 0061). Any other value is written each time.
 */
export function remembered(write: Writer): Writer {
  let texts: WeakMap<object, string> | undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null || !isSharedValue(value)) return write(value);
    texts ??= new WeakMap();
    const known = texts.get(value);
    if (known !== undefined) return known;
    const text = write(value);
    texts.set(value, text);
    return text;
  };
}
