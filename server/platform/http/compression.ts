import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smaller answers are sent as they are: compressing them costs more time than the bytes save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON, CSV, calendar feeds and other text: the answers worth compressing (never file bytes). */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

/**
 * API answers above 1 KB are compressed with brotli or gzip, whichever the request accepts
 * (issue 22: a phone on venue Wi-Fi). Only /api routes: the built client's files are compressed
 * at build time and sent as they are (staticClient.ts), and uploaded files are already compressed
 * formats. Must be registered before the routes, since it configures each route as it is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Quality 4 (the plugin's default, restated): near gzip's speed with brotli's size; 11 costs
    // tens of milliseconds per answer.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies stay uncompressed JSON and multipart, as the routes expect.
    globalDecompression: false,
  });
}

/**
 * Sends a fixed text (the single-page app's index.html) compressed as the request accepts: for a
 * handler the compression plugin's hooks do not reach (the not-found handler is set before the
 * plugin is registered). Each encoding is made once per text and kept.
 */
const compressedTexts = new WeakMap<object, { br: Buffer; gzip: Buffer }>();
export function sendCompressedText(
  request: FastifyRequest,
  reply: FastifyReply,
  text: { value: string },
): FastifyReply {
  let made = compressedTexts.get(text);
  if (!made) {
    made = {
      br: brotliCompressSync(text.value, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(text.value, { level: 9 }),
    };
    compressedTexts.set(text, made);
  }
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  reply.header('vary', 'accept-encoding');
  if (!encoding) return reply.send(text.value);
  return reply.header('content-encoding', encoding).send(made[encoding]);
}
