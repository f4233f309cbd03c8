// Bundles the server and the CLI into dist/server; npm packages stay external (node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', cli: 'server/cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
