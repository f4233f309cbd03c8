import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CLIENT_DIST_DIR } from '../paths';

const YEAR = 'public, max-age=31536000, immutable';
/** Icon files are named, not hashed: a week, then the browser asks again. */
const WEEK = 'public, max-age=604800';
const ICON_FILE = /^([a-z0-9_]{1,80})\.svg$/;
const FALLBACK_ICON = 'article';
const ICON_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@material-symbols/svg-400/package.json')),
  'outlined',
);

/**
 * The built single-page app's files. The build writes a brotli and a gzip copy beside every text
 * asset (scripts/precompress.mjs); the copy the browser accepts is sent as it is. Hashed assets
 * are cached for good, everything else is revalidated (index.html is served by the not-found
 * handler with no-cache).
 */
export async function serveClient(app: FastifyInstance, root = CLIENT_DIST_DIR): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      res.header('cache-control', path.includes('/assets/') ? YEAR : 'no-cache');
    },
  });
  serveIcons(app);
}

/**
 * Page icons as SVG files, one per Material Symbols name (client/features/content/MaterialIcon),
 * so a screen downloads the few icons it shows instead of the 3.9 MB font. An unknown name draws
 * the fallback icon rather than a 404, like the font drew nothing rather than failing.
 */
export function serveIcons(app: FastifyInstance): void {
  const cache = new Map<string, Buffer>();
  const load = async (name: string): Promise<Buffer> => {
    const cached = cache.get(name);
    if (cached) return cached;
    const svg = await readFile(join(ICON_DIR, `${name}.svg`)).catch(() => undefined);
    if (!svg)
      return name === FALLBACK_ICON
        ? Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')
        : load(FALLBACK_ICON);
    cache.set(name, svg);
    return svg;
  };
  app.get<{ Params: { file: string } }>(
    '/icons/:file',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const name = ICON_FILE.exec(request.params.file)?.[1] ?? FALLBACK_ICON;
      return reply
        .type('image/svg+xml')
        .header('cache-control', WEEK)
        .send(await load(name));
    },
  );
}
