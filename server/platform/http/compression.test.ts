import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { COMPRESS_THRESHOLD_BYTES, registerCompression } from './compression';

describe('compressed API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const docs = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends brotli to a client that accepts it, and the same JSON once decoded', async () => {
    const plain = await docs();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await docs('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await docs('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toBeDefined();
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe('ok');
  });
});

describe('what is not compressed on the fly', () => {
  const app = Fastify();
  const big = { text: 'x'.repeat(4 * COMPRESS_THRESHOLD_BYTES) };
  beforeAll(async () => {
    await registerCompression(app);
    // Outside /api: the built client's files, already compressed at build time.
    app.get('/assets/app.json', async () => big);
    // A file's bytes (downloads, uploads) are not a text type.
    app.get('/api/file', async (_request, reply) => reply.type('image/webp').send(Buffer.alloc(8192)));
    app.get('/api/big', async () => big);
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });

  it('compresses a large JSON answer of the API but not a static file or file bytes', async () => {
    expect((await get('/api/big')).headers['content-encoding']).toBe('br');
    expect((await get('/assets/app.json')).headers['content-encoding']).toBeUndefined();
    expect((await get('/api/file')).headers['content-encoding']).toBeUndefined();
  });
});
