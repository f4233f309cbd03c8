import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { patternScore, ROUTE_CHUNKS_ID, type RouteChunkTable } from '../lib/earlyRequestsRoutes';
import { readRouteTable } from '../scripts/routeTable.mjs';

/**
 * The route chunk table (issue 22, client/lib/earlyRequestsRoutes.ts): for every route of the
 * router's table, the JavaScript and CSS it loads before its first render beyond what index.html
 * already loads (the entry chunks and their static imports), written into index.html as a JSON data
 * block (never run, so the Content-Security-Policy allows it) for the boot script to preload the
 * current path's files at once instead of in a chain. Patterns are sorted most specific first.
 */
export function routeChunksTable(): Plugin {
  const ROOT = fileURLToPath(new URL('../../', import.meta.url));
  const FRAME = 'client/features/shell/SignedInLayout.tsx';
  return {
    name: 'route-chunks-table',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const collect = (fileName: string, into: Set<string>) => {
          const chunk = byFile.get(fileName);
          if (!chunk || into.has(fileName)) return;
          into.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk.imports) collect(imported, into);
        };
        const floor = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, floor);
        const files: string[] = [];
        const needs: number[][] = [];
        const indexOf = (file: string): number => {
          const known = files.indexOf(file);
          if (known >= 0) return known;
          const index = files.push(file) - 1;
          const chunk = byFile.get(file);
          needs[index] = [];
          if (chunk) {
            const direct = [...(chunk.viteMetadata?.importedCss ?? []), ...chunk.imports];
            needs[index] = direct.filter((needed) => !floor.has(needed)).map(indexOf);
          }
          return index;
        };
        const routes: RouteChunkTable['routes'] = [];
        for (const { path, modules } of readRouteTable()) {
          const own = modules.map((module) => {
            const chunk = chunks.find((item) => item.moduleIds.includes(`${ROOT}${module}`));
            if (!chunk) throw new Error(`route-chunks-table: no chunk for ${module} (route ${path})`);
            return chunk.fileName;
          });
          const chunkList = own.filter((file) => !floor.has(file)).map(indexOf);
          // Whether the screen opens inside the signed-in frame (the boot script paints its bar).
          routes.push(modules.includes(FRAME) ? [path, chunkList, 1] : [path, chunkList]);
        }
        routes.sort((a, b) => patternScore(b[0]) - patternScore(a[0]));
        const table: RouteChunkTable = { files, needs, routes };
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: ROUTE_CHUNKS_ID },
            children: JSON.stringify(table),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
