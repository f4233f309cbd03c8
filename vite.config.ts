import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootScriptFirst } from './client/build/bootScriptFirst';
import { chunkGroups, groupOf } from './client/build/chunkGroups';
import { mantineCssPerComponent } from './client/build/mantineCssPerComponent';
import { routeChunksTable } from './client/build/routeChunksTable';
import { scrollAreaWithoutFloatingUi } from './client/build/scrollAreaWithoutFloatingUi';
import { zodJitlessInTheBrowser } from './client/build/zodJitlessInTheBrowser';

// The build's plugins live in client/build/, one file each.
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
