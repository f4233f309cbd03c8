import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file whether it runs from source or from dist/server. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Could not find the project root (package.json)');
    dir = parent;
  }
  return dir;
}

export const ROOT_DIR = findRoot();
export const MIGRATIONS_DIR = join(ROOT_DIR, 'server/platform/db/migrations');
export const CLIENT_DIST_DIR = join(ROOT_DIR, 'dist/client');
