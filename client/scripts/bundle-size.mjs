#!/usr/bin/env node
// The bundle budget: the gzipped JavaScript each route loads before its first render (the entry
// chunk, the lazy chunks of the route's layout and screen, and everything those import
// statically), for EVERY route of the router's own table (./routeTable.mjs reads client/router.tsx),
// so a new screen is checked without anyone listing it. Budgets (issue 22): 150 KB for sign-in
// and every team or public screen, 250 KB for admin screens (/admin/...). Exits 1 when a route is
// over. Run after `npm run build:client` (the Vite manifest, build.manifest, maps modules to chunks).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readRouteTable } from './routeTable.mjs';

// BUNDLE_DIST points at another build output (e.g. `vite build --outDir /tmp/x`); --verbose lists
// each route's files; --json prints { route: kb } for comparisons.
const DIST = process.env.BUNDLE_DIST ?? join(import.meta.dirname, '..', '..', 'dist', 'client');
const VERBOSE = process.argv.includes('--verbose');
const JSON_OUT = process.argv.includes('--json');
const TEAM_BUDGET_KB = 150;
const ADMIN_BUDGET_KB = 250;

const isAdmin = (route) => route === '/admin' || route.startsWith('/admin/');
const budgetOf = (route) => (isAdmin(route) ? ADMIN_BUDGET_KB : TEAM_BUDGET_KB);

const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
// The app's entry and the boot script (decision 0053): both load before any screen.
const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) throw new Error('No entry in the manifest: build with build.manifest enabled');

/** A chunk and its static imports (dynamic imports load later, on interaction). */
function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest (is the build older than the router?)`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

const gzipCache = new Map();
function gzipKb(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024);
  return gzipCache.get(file);
}

/** Only the page editor may load the rich text editor (tiptap, ProseMirror): never a team screen. */
const hasEditorCode = (file) =>
  /ProseMirror|prosemirror-view|@tiptap/.test(readFileSync(join(DIST, file), 'utf8'));

/**
 * Zod's core (its global settings object). The client types API answers instead of parsing them
 * (decision 0041), so Zod loads only with a screen's forms; the entry chunk and what it imports
 * statically (every screen's floor) must never bring it back (about 25 KB gzipped).
 */
const hasZod = (file) => readFileSync(join(DIST, file), 'utf8').includes('__zod_globalConfig');

const failures = [];
const figures = {};
{
  const floor = new Set();
  for (const key of entryKeys) collect(key, floor);
  if ([...floor].some((file) => file.endsWith('.js') && hasZod(file)))
    failures.push('the entry chunk loads Zod before any screen (decision 0041)');
}
for (const { path, modules } of readRouteTable()) {
  const files = new Set();
  for (const key of entryKeys) collect(key, files);
  for (const module of modules) collect(module, files);
  const js = [...files].filter((file) => file.endsWith('.js'));
  const total = js.reduce((sum, file) => sum + gzipKb(file), 0);
  const budget = budgetOf(path);
  figures[path] = Number(total.toFixed(1));
  const over = total > budget;
  if (over) failures.push(`${path}: ${total.toFixed(1)} KB > ${budget} KB`);
  if (!isAdmin(path) && js.some(hasEditorCode))
    failures.push(`${path}: loads editor code (tiptap/ProseMirror)`);
  if (JSON_OUT) continue;
  const zod = js.some(hasZod) ? ' (+Zod: a form)' : '';
  console.log(
    `${over ? 'OVER' : '    '} ${path.padEnd(52)} ${total.toFixed(1).padStart(6)} KB / ${budget} KB in ${js.length} files${zod}`,
  );
  if (VERBOSE) {
    for (const file of js.sort((a, b) => gzipKb(b) - gzipKb(a))) {
      console.log(`       ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
    }
  }
}
if (JSON_OUT) console.log(JSON.stringify(figures, null, 2));
const entryKb = entryKeys.reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);
console.error(
  `${Object.keys(figures).length} routes from client/router.tsx; entry chunks ${entryKb.toFixed(1)} KB; ${failures.length ? `${failures.length} over:\n  ${failures.join('\n  ')}` : 'all within budget'}`,
);
process.exitCode = failures.length > 0 ? 1 : 0;
