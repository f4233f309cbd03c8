// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the built client, once,
// at build time, at the highest levels; @fastify/static then sends the copy the browser accepts
// (preCompressed), so no CPU is spent per request and a phone downloads a fraction of the bytes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = 'dist/client';
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let before = 0;
let after = 0;
for (const path of files(ROOT)) {
  if (!TEXT.test(path)) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  before += bytes.length;
  after += br.length;
}
console.log(
  `precompressed ${(before / 1024).toFixed(0)} KB of text assets to ${(after / 1024).toFixed(0)} KB (brotli)`,
);
