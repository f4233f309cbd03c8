// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the built client, so the
// server sends them as they are (chosen by Accept-Encoding) instead of compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIR = 'dist/client';
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
for (const entry of readdirSync(DIR, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !TEXT.test(entry.name) || statSync(path).size < MIN_BYTES) continue;
  const data = readFileSync(path);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  before += data.length;
  after += br.length;
}
console.log(`compressed client: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
