import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './index';
import { assertKey, type StoredObject } from './keys';

/** Files under one folder, one file per key. */
export function createDiskStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, assertKey(key));
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  const statOf = async (path: string) => {
    try {
      const info = await stat(path);
      return info.isFile() ? info : null;
    } catch {
      return null;
    }
  };
  async function* walk(dir: string): AsyncGenerator<StoredObject> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (entry.isFile() && !entry.name.endsWith('.part')) {
        const info = await statOf(path);
        if (info) yield { key: relative(base, path).split(sep).join('/'), size: info.size };
      }
    }
  }
  return {
    kind: 'disk',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async read(key) {
      const path = pathOf(key);
      return (await statOf(path)) ? createReadStream(path) : null;
    },
    async stat(key) {
      const info = await statOf(pathOf(key));
      return info ? { size: info.size } : null;
    },
    list(prefix = '') {
      // Only the folder the prefix names is walked (a clone's sweep lists one event's folder).
      const cut = prefix.lastIndexOf('/');
      const all = walk(cut > 0 ? pathOf(prefix.slice(0, cut)) : base);
      return (async function* () {
        for await (const object of all) if (object.key.startsWith(prefix)) yield object;
      })();
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
  };
}
