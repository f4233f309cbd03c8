import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression';
import { registerErrorHandling } from './errors';
import { serveClient } from './staticClient';

const root = mkdtempSync(join(tmpdir(), 'static-client-'));
const SCRIPT = 'console.log("a built chunk");'.repeat(50);
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'assets/app-abc123.js'), SCRIPT);
writeFileSync(join(root, 'assets/app-abc123.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(root, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const app = Fastify();
await serveClient(app, root);
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built client', () => {
  it('sends the brotli copy to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload).toEqual(brotliCompressSync(SCRIPT));
  });

  it('sends gzip when brotli is not accepted, and the file as it is when neither is', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // The plain file too: a shared cache must not hand it to a browser that accepts brotli.
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('revalidates files that are not hashed assets', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('page icons', () => {
  it('serves a Material Symbols icon by name as SVG, cached for a week', async () => {
    const res = await get('/icons/restaurant.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.body).toMatch(/^<svg [^>]*viewBox="0 -960 960 960"><path d="M/);
  });

  it('draws the fallback icon for an unknown or malformed name instead of failing', async () => {
    const article = (await get('/icons/article.svg')).body;
    for (const url of [
      '/icons/no_such_icon_here.svg',
      '/icons/..%2F..%2Fpackage.json',
      '/icons/Restaurant.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(article);
    }
  });
});

describe('the single-page app page (index.html, sent for every client route)', () => {
  // As server/app.ts orders them: the not-found handler that sends the page is set before the
  // compression plugin is registered (the page carries the route chunk table, about 20 KB).
  const PAGE = `<!doctype html><html><head>${'<script type="application/json">{}</script>'.repeat(60)}</head></html>`;
  const spa = Fastify();
  beforeAll(async () => {
    registerErrorHandling(spa, PAGE);
    await registerCompression(spa);
  });
  afterAll(() => spa.close());

  it('is compressed as the browser accepts, revalidated every time, the same bytes once decoded', async () => {
    const br = await spa.inject({ method: 'GET', url: '/tasks', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode, br.body).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    const plain = await spa.inject({ method: 'GET', url: '/tasks' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
  });
});
