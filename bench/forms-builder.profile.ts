// Where the builder's open goes: a CPU profile (CDP Profiler) of one warm open of the 300-field
// form at 4x slowdown, summed by function (self time) and by script, against a server already
// running on PORT. Not a benchmark (it is not named *.bench.ts): a tool for finding why, run with
// `npx tsx bench/forms-builder.profile.ts` after `npm run build`. The profile is written to OUT.
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { importLargeForm, signInAdmin, startLargeFormServer } from './largeFormServer';

const server = await startLargeFormServer(process.env.PORT ?? '3294');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.base });
await signInAdmin(context.request);
const path = await importLargeForm(context.request, server.eventId);
const CARD = 'section[aria-label="Form fields"] [aria-label^="Select "]';
// Warm the cache once.
const warm = await context.newPage();
await warm.goto(path);
await warm.locator(CARD).first().waitFor({ timeout: 60_000 });
await warm.close();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(path, { waitUntil: 'commit' });
await page
  .getByRole('button', { name: /^Move / })
  .first()
  .waitFor({ timeout: 60_000 });
const ms = await page.evaluate(
  'new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()))))',
);
const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
writeFileSync(process.env.OUT ?? 'builder-open.cpuprofile', JSON.stringify(profile));
console.log(`open with handles painted: ${Number(ms).toFixed(0)} ms`);
summarise(profile);
await browser.close();
await server.stop();

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };
function summarise(p: Profile) {
  const self = new Map<number, number>();
  for (const [i, id] of p.samples.entries())
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  const byFn = new Map<string, number>();
  const byUrl = new Map<string, number>();
  for (const n of p.nodes) {
    const t = self.get(n.id) ?? 0;
    const file = n.callFrame.url.split('/').pop() || '(native)';
    const key = `${n.callFrame.functionName || '(anon)'} ${file}:${n.callFrame.lineNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + t);
    byUrl.set(file, (byUrl.get(file) ?? 0) + t);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([n, t]) => `${t.toFixed(0).padStart(6)} ms  ${n}`)
      .join('\n');
  console.log(`by script:\n${top(byUrl, 15)}\nby function (self):\n${top(byFn, 40)}`);
  // Inclusive time (self and callees) by function: which components' renders cost the open. Read
  // it from a build without minification (`npx vite build --minify false`), where the names are
  // the components'. A function calling itself is counted once, at its outermost call.
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const keyOf = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}`;
  const inclusive = new Map<string, number>();
  const walk = (id: number, open: Set<string>): number => {
    const n = nodes.get(id);
    if (!n) return 0;
    const key = keyOf(n);
    const outer = !open.has(key);
    if (outer) open.add(key);
    let t = self.get(id) ?? 0;
    for (const child of n.children ?? []) t += walk(child, open);
    if (outer) {
      open.delete(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + t);
    }
    return t;
  };
  walk(p.nodes[0].id, new Set());
  console.log(`by function (inclusive):\n${top(inclusive, Number(process.env.TOP ?? 60))}`);
}
