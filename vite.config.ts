import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
        return [
          { tag: 'script', attrs: { type: 'module', crossorigin: true, src }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

// The client is a static single-page app served by the API server in production; in development
// Vite serves it and forwards /api to the server so cookies stay same-origin.
export default defineConfig({
  plugins: [
    bootScriptFirst(),
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
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/icons': 'http://localhost:3000' },
  },
});
