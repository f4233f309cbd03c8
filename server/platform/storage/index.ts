import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config';
import { createDiskStorage } from './disk';
import type { StoredObject } from './keys';
import { withRemovalHold } from './removalHold';
import { createS3Storage } from './s3';

export { createDiskStorage } from './disk';
export type { StoredObject } from './keys';
export { assertKey } from './keys';
export { createS3Storage } from './s3';

/**
 * Where uploaded bytes live (decision 0032): local disk under DATA_DIR/files by default, or an
 * S3-compatible bucket with STORAGE=s3. Both stream both ways, so a 50 MB file never sits whole
 * in the server's memory; modules see only this interface.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores bytes under the key; a stream is consumed as it arrives. Readers never see half of it. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  read(key: string): Promise<Readable | null>;
  /** The stored size, or null when nothing is stored under the key. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Every stored object whose key starts with the prefix (all of them without one). */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** Removes what is stored; keys that are already gone are fine. */
  remove(keys: string[]): Promise<void>;
}

/** The store the configuration names: files beside the embedded database by default. */
export function createStorage(config: { dataDir: string; storage?: StorageConfig }): Storage {
  const chosen = config.storage ?? { kind: 'disk' };
  const store =
    chosen.kind === 's3' ? createS3Storage(chosen) : createDiskStorage(join(config.dataDir, 'files'));
  return withRemovalHold(store);
}
