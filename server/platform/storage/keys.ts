/** What a store holds under one key. */
export type StoredObject = { key: string; size: number };

/** Keys are our own ({eventId}/{ownerKind}/{fileId}/{name}); anything else is a bug, not a path. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function assertKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return key;
}
