import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = join(__dirname, '../../modules');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /outes\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Services own transactions (withTransaction, with its after-commit effects); a route that opened
 * one would bring back the hand-wired "dispatch after commit" this rule removed (decision 0021).
 */
describe('route files', () => {
  it('open no transaction', () => {
    const files = routeFiles(MODULES);
    expect(files.length).toBeGreaterThan(10);
    const offenders = files
      .filter((file) => /\.transaction\(|withTransaction\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(MODULES, file));
    expect(offenders).toEqual([]);
  });
});
