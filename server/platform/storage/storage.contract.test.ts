import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../test/s3Server';
import { createDiskStorage, createS3Storage, type Storage } from './index';

/**
 * One contract, every store (decision 0032): the disk store in a scratch folder and the S3 store
 * against a local S3-compatible server this test starts and stops itself.
 */

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function listed(storage: Storage, prefix?: string) {
  const out: { key: string; size: number }[] = [];
  for await (const object of storage.list(prefix)) out.push(object);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** A stream of `total` pseudo-random bytes made chunk by chunk, with the hash of what it produced. */
function generated(total: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = randomBytes(Math.min(256 * 1024, total - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

type Store = { name: string; open(): Promise<{ storage: Storage; close(): Promise<void> }> };

const stores: Store[] = [
  {
    name: 'disk',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'portal-contract-'));
      return {
        storage: createDiskStorage(dir),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3 (local s3rver)',
    async open() {
      const s3: LocalS3 = await startLocalS3();
      return { storage: createS3Storage(s3.config), close: () => s3.close() };
    },
  },
];

describe.each(stores)('storage contract: $name', (store) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await store.open());
  });
  afterAll(() => close());

  it('stores a buffer and reads the same bytes back', async () => {
    const body = Buffer.from('hello, storage');
    await storage.put('event-1/asset/f1/original.txt', body, 'text/plain');
    expect(await bytesOf(await storage.read('event-1/asset/f1/original.txt'))).toEqual(body);
    expect(await storage.stat('event-1/asset/f1/original.txt')).toEqual({ size: body.length });
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await storage.read('event-1/asset/none/original.txt')).toBeNull();
    expect(await storage.stat('event-1/asset/none/original.txt')).toBeNull();
  });

  it('streams a multi-part upload (12 MB) in and out unchanged', async () => {
    const size = 12 * 1024 * 1024 + 123;
    const { stream, digest } = generated(size);
    await storage.put('event-1/download/big/original.zip', stream, 'application/zip');
    const back = await bytesOf(await storage.read('event-1/download/big/original.zip'));
    expect(back?.length).toBe(size);
    expect(
      createHash('sha256')
        .update(back as Buffer)
        .digest('hex'),
    ).toBe(digest());
  });

  it('replaces what a key held', async () => {
    await storage.put('event-1/asset/f2/original.txt', Buffer.from('first'), 'text/plain');
    await storage.put('event-1/asset/f2/original.txt', Readable.from([Buffer.from('second')]), 'text/plain');
    expect((await bytesOf(await storage.read('event-1/asset/f2/original.txt')))?.toString()).toBe('second');
  });

  it('lists by prefix with sizes', async () => {
    await storage.put('event-2/asset/a/original.txt', Buffer.from('aa'), 'text/plain');
    await storage.put('event-2/asset/b/small.webp', Buffer.from('bbb'), 'image/webp');
    expect(await listed(storage, 'event-2/')).toEqual([
      { key: 'event-2/asset/a/original.txt', size: 2 },
      { key: 'event-2/asset/b/small.webp', size: 3 },
    ]);
    const all = await listed(storage);
    expect(all.map((o) => o.key)).toContain('event-1/asset/f1/original.txt');
    expect(all.map((o) => o.key)).toContain('event-2/asset/a/original.txt');
  });

  it('removes keys, and keys already gone are fine', async () => {
    await storage.remove(['event-2/asset/a/original.txt', 'event-2/asset/gone/original.txt']);
    expect(await storage.read('event-2/asset/a/original.txt')).toBeNull();
    expect(await listed(storage, 'event-2/')).toEqual([{ key: 'event-2/asset/b/small.webp', size: 3 }]);
    await storage.remove([]);
  });

  it('refuses keys that are not ours (paths, dots, spaces)', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs/key', 'a b/c', 'a/./b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
      await expect(storage.read(key)).rejects.toThrow('Invalid storage key');
    }
  });
});
