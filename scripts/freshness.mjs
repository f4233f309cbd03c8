// Decides whether a build output is older than its sources, so `npm start` builds only when needed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

export const CLIENT_SOURCES = [
  'client',
  'shared',
  'index.html',
  'vite.config.ts',
  'postcss.config.cjs',
  'package-lock.json',
];
export const SERVER_SOURCES = ['server', 'shared', 'package-lock.json'];
