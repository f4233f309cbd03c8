import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploaded bytes live. Local disk under DATA_DIR/files by default; an S3-compatible back end
 * can implement the same three calls when configured (S3_*), without touching any module.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  read(key: string): Promise<NodeJS.ReadableStream | null>;
  /** Removes what is stored; keys that are already gone are fine. */
  remove(keys: string[]): Promise<void>;
}

/** Keys are our own ({eventId}/{ownerKind}/{fileId}/{name}); anything else is a bug, not a path. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function createDiskStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`Invalid storage key: ${key}`);
    }
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
      await writeFile(partial, body);
      await rename(partial, path);
    },
    async read(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  };
}

/** The default: files beside the embedded database. */
export function createStorage(config: { dataDir: string }): Storage {
  return createDiskStorage(join(config.dataDir, 'files'));
}
