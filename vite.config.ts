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

// The client is a static single-page app served by the API server in production; in development
// Vite serves it and forwards /api to the server so cookies stay same-origin.
export default defineConfig({
  plugins: [scrollAreaWithoutFloatingUi(), react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Read by client/scripts/bundle-size.mjs to sum what each route loads before it renders.
    manifest: true,
    // Every supported browser preloads modules itself; the polyfill would sit in the entry chunk
    // that each screen loads before its first render (architecture: 200 KB budget).
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/icons': 'http://localhost:3000' },
  },
});
