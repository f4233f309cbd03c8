#!/usr/bin/env node
// Prints the gzipped JavaScript each route loads before its first render: the entry chunk, the
// lazy chunks of the route's screens and everything those import statically. Run after
// `npx vite build` (which writes dist/client/.vite/manifest.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// BUNDLE_DIST points at another build output (e.g. `vite build --outDir /tmp/x`); --verbose lists each file.
const DIST = process.env.BUNDLE_DIST ?? join(import.meta.dirname, '..', '..', 'dist', 'client');
const VERBOSE = process.argv.includes('--verbose');
const BUDGET_KB = 200;

/** Route -> the lazy modules the router loads for it (see client/router.tsx). */
const ROUTES = {
  // The signed-in frame before any screen: what every signed-in route starts from.
  '(shell)': ['client/features/shell/SignedInLayout.tsx'],
  '/auth/login': ['client/features/auth/LoginScreen.tsx'],
  '/': ['client/features/shell/SignedInLayout.tsx', 'client/features/dashboard/DashboardScreen.tsx'],
  // Content (issue 4): the reader must load no editor code; the editor brings tiptap in its own chunk.
  '/content/:id': [
    'client/features/shell/SignedInLayout.tsx',
    'client/features/content/ContentPageScreen.tsx',
  ],
  '/admin/content/:id': [
    'client/features/shell/SignedInLayout.tsx',
    'client/features/content/PageEditorScreen.tsx',
    'client/ui/RichTextField.tsx',
  ],
};

const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('No entry in the manifest: build with build.manifest enabled');

function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

const gzipKb = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024;

/** Routes that must not load the rich text editor (tiptap, ProseMirror). */
const NO_EDITOR = new Set(['/content/:id']);
/** Admin screens are heavy lazy chunks by design (architecture): measured, not held to the budget. */
const REPORT_ONLY = new Set(['/admin/content/:id']);
const hasEditorCode = (file) =>
  /ProseMirror|prosemirror-view|@tiptap/.test(readFileSync(join(DIST, file), 'utf8'));

let overBudget = false;
for (const [route, modules] of Object.entries(ROUTES)) {
  const files = new Set();
  collect(entryKey, files);
  for (const module of modules) collect(module, files);
  const js = [...files].filter((file) => file.endsWith('.js'));
  const total = js.reduce((sum, file) => sum + gzipKb(file), 0);
  overBudget ||= total > BUDGET_KB && !REPORT_ONLY.has(route);
  if (NO_EDITOR.has(route) && js.some(hasEditorCode)) {
    console.log(`${route}: loads editor code (tiptap/ProseMirror), which only the page editor may`);
    overBudget = true;
  }
  console.log(
    `${route.padEnd(18)} ${total.toFixed(1).padStart(7)} KB gzipped JS in ${js.length} files (${REPORT_ONLY.has(route) ? 'admin, no budget' : `budget ${BUDGET_KB} KB`})`,
  );
  if (VERBOSE) {
    for (const file of js.sort((a, b) => gzipKb(b) - gzipKb(a))) {
      console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}`);
    }
  }
}
process.exitCode = overBudget ? 1 : 0;
