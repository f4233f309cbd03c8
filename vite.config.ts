import { readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { patternScore, ROUTE_CHUNKS_ID, type RouteChunkTable } from './client/lib/earlyRequestsRoutes';
import { readRouteTable } from './client/scripts/routeTable.mjs';

/**
 * Mantine's ScrollArea imports only `useMergeRefs` from @floating-ui/react, which is one module:
 * every Table (its scroll container is a ScrollArea) then loaded all of floating-ui (15 KB gzipped)
 * before the first render. Its import is pointed at a copy of that one hook (client/lib/mergeRefs.ts);
 * should ScrollArea import anything else from floating-ui, the build fails on the missing export.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const shim = fileURLToPath(new URL('./client/lib/mergeRefs.ts', import.meta.url));
  return {
    name: 'scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '@floating-ui/react' &&
        importer &&
        /[\\/]components[\\/]ScrollArea[\\/]/.test(importer)
      ) {
        return shim;
      }
      return null;
    },
  };
}

/**
 * Zod's object parser probes for a JIT with `new Function('')`; the portal's Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval') refuses it and Chromium reports the refusal as a CSP issue
 * on every page (a Lighthouse best-practices failure, issue 22). The JIT can never run under that
 * policy, so the client's Zod starts jitless. It must be set before the first schema is built, and
 * the schemas load in the same chunk as Zod, so no module of ours runs early enough: Zod's own
 * default settings object is changed. If Zod's code changes shape, the build fails here.
 */
function zodJitlessInTheBrowser(): Plugin {
  const DEFAULTS = '(_a.__zod_globalConfig = {})';
  let patched = false;
  return {
    name: 'zod-jitless-in-the-browser',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(DEFAULTS))
        throw new Error(`zod-jitless-in-the-browser: ${DEFAULTS} not found in ${id}`);
      patched = true;
      return code.replace(DEFAULTS, '(_a.__zod_globalConfig = { jitless: true })');
    },
    buildEnd(error) {
      if (!error && !patched) this.error('zod-jitless-in-the-browser: Zod core.js was not in the build');
    },
  };
}

/**
 * CSS per route (issue 22): instead of all of Mantine's 250 KB stylesheet before the first render,
 * each Mantine component brings its own stylesheet. Every component reads its class names from its
 * `X.module.mjs`, and `@mantine/core/styles/X.css` holds exactly those classes, so importing the
 * one from the other puts a component's CSS in the chunk that holds its code: a screen loads the
 * CSS of the components it uses, when it loads. Dependencies are imported before the components
 * built on them, so the cascade order Mantine expects (UnstyledButton before Button) holds.
 * The global styles (baseline, variables, global) stay in client/main.tsx.
 *
 * The development server pre-bundles Mantine with esbuild, where no plugin sees its modules: there
 * the whole stylesheet is added to client/main.tsx instead, so `npm run dev` is styled as before.
 */
function mantineCssPerComponent(): Plugin {
  const MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;
  const ENTRY = /[\\/]client[\\/]main\.tsx$/;
  let serving = false;
  let seen = 0;
  return {
    name: 'mantine-css-per-component',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform(code, id) {
      if (serving && ENTRY.test(id))
        return { code: `import '@mantine/core/styles.css';\n${code}`, map: null };
      const match = MODULE.exec(id);
      if (!match) return null;
      seen += 1;
      return { code: `import '@mantine/core/styles/${match[1]}.css';\n${code}`, map: null };
    },
    buildEnd(error) {
      // Mantine moved its files: fail rather than ship pages without their styles.
      if (!error && this.meta.watchMode === false && seen === 0)
        this.error('mantine-css-per-component: no Mantine component module was seen');
    },
  };
}

/**
 * The boot script (client/boot.ts, decision 0053) starts the session's requests while the app's
 * code loads. Vite would bundle every module script of index.html into one entry chunk, which the
 * browser runs only once all of it has loaded; so the boot script is an entry of its own, and its
 * script tag goes first in the page's head. In development it is served as it is.
 */
function bootScriptFirst(): Plugin {
  const BOOT = fileURLToPath(new URL('./client/boot.ts', import.meta.url));
  let serving = false;
  return {
    name: 'boot-script-first',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId === BOOT,
        );
        if (!serving && !boot) throw new Error('boot-script-first: client/boot.ts is not in the build');
        const src = boot ? `/${boot.fileName}` : '/client/boot.ts';
        // Its own imports are fetched with it, not once it has been read (a round trip on a phone).
        const imports = boot?.type === 'chunk' ? boot.imports : [];
        return [
          { tag: 'script', attrs: { type: 'module', crossorigin: true, src }, injectTo: 'head-prepend' },
          ...imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}

/**
 * The route chunk table (issue 22, client/lib/earlyRequestsRoutes.ts): for every route of the
 * router's table, the JavaScript and CSS it loads before its first render beyond what index.html
 * already loads (the entry chunks and their static imports), written into index.html as a JSON data
 * block (never run, so the Content-Security-Policy allows it) for the boot script to preload the
 * current path's files at once instead of in a chain. Patterns are sorted most specific first.
 */
function routeChunksTable(): Plugin {
  const ROOT = fileURLToPath(new URL('./', import.meta.url));
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
          routes.push([path, own.filter((file) => !floor.has(file)).map(indexOf)]);
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

/**
 * Fewer, larger chunks before the first render (issue 22, decision 0056). Left to itself the bundler
 * makes a chunk for every set of screens that shares a module, so a team screen loaded about 60
 * files, most under 2 KB; on a phone's HTTP/1.1 (six connections) each costs a round trip. Two groups
 * are merged, neither adding a byte to any route (client/scripts/bundle-size.mjs shows it):
 * - `app`: what the app's entry (client/main.tsx) imports statically, which every screen loads
 *   first anyway, except what the boot script shares with it (so the boot script stays small);
 * - `signed-in`: the modules only the signed-in frame (features/shell/SignedInLayout.tsx) and the
 *   screens inside it use: every signed-in screen loads the frame first, and no signed-out screen
 *   (sign-in, guest pages, setup, 404) or the entry uses them, so those do not load the frame's code.
 * The sets are read from the module graph once every module is loaded (buildEnd). A package's index
 * (`@mantine/core`, `@tabler/icons-react`) imports all of the package: it is followed only for the
 * names a module imports from it, else every screen would seem to use every component.
 */
const groupOf = new Map<string, 'app' | 'signed-in' | 'boot' | 'screen'>();
function chunkGroups(): Plugin {
  const ROOT = fileURLToPath(new URL('./', import.meta.url));
  const FRAME = 'client/features/shell/SignedInLayout.tsx';
  const IMPORT = /\b(?:import|export)\s+(?!type\b)([\w$*{},\s]*?)\s*from\s*['"]([^'"]+)['"]/g;
  /** The names an `import {...}` / `export {...} from` clause brings in (`a as b`: a), or '*' for all. */
  const namesOf = (clause: string): string[] => {
    const braces = /\{([^}]*)\}/.exec(clause);
    const names = braces
      ? braces[1]
          .split(',')
          .map((part) => part.trim().replace(/^type\s+/, ''))
          .filter(Boolean)
          .map((part) => part.split(/\s+as\s+/))
      : [];
    // A default or namespace import of a package index takes all of it.
    const rest = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    return rest ? ['*'] : names.map(([name]) => name);
  };
  return {
    name: 'chunk-groups',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const info = (id: string) => this.getModuleInfo(id);
      const isBarrel = (id: string) =>
        /[\\/]node_modules[\\/]/.test(id) && (info(id)?.importedIds.length ?? 0) > 40;
      const source = (id: string) => {
        try {
          return readFileSync(id.split('?')[0], 'utf8');
        } catch {
          return '';
        }
      };
      // A barrel's exports: name -> the module that defines it (its import and export-from lines).
      const exportsOf = new Map<string, Map<string, string>>();
      const barrelExports = (barrel: string) => {
        let map = exportsOf.get(barrel);
        if (map) return map;
        map = new Map();
        const byPath = new Map(
          (info(barrel)?.importedIds ?? []).map((id) => [id.split('?')[0], id] as const),
        );
        for (const [, clause, from] of source(barrel).matchAll(IMPORT)) {
          const target = byPath.get(join(dirname(barrel), from));
          const braces = /\{([^}]*)\}/.exec(clause);
          if (!target || !braces) continue;
          for (const part of braces[1].split(',')) {
            const [name, alias] = part.trim().split(/\s+as\s+/);
            if (name) map.set(alias ?? name, target);
          }
        }
        exportsOf.set(barrel, map);
        return map;
      };
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || isBarrel(id)) return;
          seen.add(id);
          const imported = info(id)?.importedIds ?? [];
          const barrels = imported.filter(isBarrel);
          for (const next of imported) if (!barrels.includes(next)) visit(next);
          if (barrels.length === 0) return;
          const clauses = [...source(id).matchAll(IMPORT)].filter(([, , from]) => !from.startsWith('.'));
          for (const barrel of barrels) {
            const exported = barrelExports(barrel);
            const names = clauses
              .filter(([, , from]) =>
                barrel.includes(`${sep}node_modules${sep}${from.split('/').join(sep)}${sep}`),
              )
              .flatMap(([, clause]) => namesOf(clause));
            if (names.includes('*')) for (const target of exported.values()) visit(target);
            else for (const name of names) if (exported.has(name)) visit(exported.get(name) as string);
          }
        };
        for (const id of start) visit(id);
        return seen;
      };
      const required = (module: string) => {
        const id = `${ROOT}${module}`;
        if (!info(id)) this.error(`chunk-groups: ${module} is not in the build`);
        return id;
      };
      const routes = readRouteTable();
      const boot = closure([required('client/boot.ts')]);
      const app = closure([required('client/main.tsx')]);
      const signedOut = closure(
        routes
          .filter(({ modules }) => !modules.includes(FRAME))
          .flatMap(({ modules }) => modules.map(required)),
      );
      const frame = closure([required(FRAME)]);
      groupOf.clear();
      for (const id of boot) groupOf.set(id, 'boot');
      for (const id of this.getModuleIds())
        if ((info(id)?.dynamicImporters.length ?? 0) > 0 && !groupOf.has(id)) groupOf.set(id, 'screen');
      for (const id of frame) {
        if (groupOf.has(id) || app.has(id) || signedOut.has(id)) continue;
        groupOf.set(id, 'signed-in');
      }
    },
    generateBundle(_options, bundle) {
      // The boot script runs first only if it waits for no more than its own small imports.
      const boot = Object.values(bundle).find(
        (item) => item.type === 'chunk' && item.isEntry && item.facadeModuleId === `${ROOT}client/boot.ts`,
      );
      if (boot?.type === 'chunk')
        for (const imported of boot.imports) {
          const chunk = bundle[imported];
          if (chunk?.type === 'chunk' && (chunk.isEntry || chunk.code.length > 4096))
            this.error(`chunk-groups: the boot script imports ${imported}, the app's code`);
        }
      // The frame's chunk and what it imports must not import one another: a cycle between chunks
      // runs one of them before the other has defined what it uses.
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const frameChunk = chunks.find((chunk) => chunk.name === 'signed-in');
      if (!frameChunk) this.error('chunk-groups: no signed-in chunk');
      const reaches = (from: string, target: string, seen = new Set<string>()): boolean => {
        if (from === target) return true;
        if (seen.has(from)) return false;
        seen.add(from);
        return (byFile.get(from)?.imports ?? []).some((next) => reaches(next, target, seen));
      };
      for (const imported of frameChunk.imports)
        if (reaches(imported, frameChunk.fileName))
          this.error(
            `chunk-groups: ${imported} and the signed-in chunk import one another (${byFile
              .get(imported)
              ?.moduleIds.map((id) => id.replace(ROOT, ''))
              .join(', ')})`,
          );
    },
  };
}

// The client is a static single-page app served by the API server in production; in development
// Vite serves it and forwards /api to the server so cookies stay same-origin.
export default defineConfig({
  plugins: [
    bootScriptFirst(),
    routeChunksTable(),
    chunkGroups(),
    scrollAreaWithoutFloatingUi(),
    zodJitlessInTheBrowser(),
    mantineCssPerComponent(),
    react(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Read by client/scripts/bundle-size.mjs to sum what each route loads before it renders.
    manifest: true,
    // Every supported browser preloads modules itself; the polyfill would sit in the entry chunk
    // that each screen loads before its first render (architecture: 200 KB budget).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./client/boot.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => groupOf.get(id) !== 'boot',
              // Not the boot script's modules, even as the entry's dependencies (it would wait for all).
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: 'signed-in',
              test: (id) => groupOf.get(id) === 'signed-in',
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/icons': 'http://localhost:3000' },
  },
});
