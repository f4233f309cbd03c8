import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The client is a static single-page app served by the API server in production; in development
// Vite serves it and forwards /api to the server so cookies stay same-origin.
export default defineConfig({
  plugins: [react()],
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
