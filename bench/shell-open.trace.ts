// Where a warm open of an admin screen goes at 4x CPU slowdown (issue 13, fifth pass; issue 22):
// a Chromium trace (CDP Tracing, devtools.timeline) of /admin/forms and of the 300-field builder,
// summed by main-thread task kind (script, style, layout, paint, parse), the request waterfall
// (Resource Timing: when each file and API answer started and ended) and the first paints. Not a
// benchmark (not *.bench.ts): a tool for finding why, run with `npx tsx bench/shell-open.trace.ts`
// after `npm run build`. PORT=n; OUT=dir keeps each trace (open it in DevTools' Performance panel).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { importLargeForm, signInAdmin, startLargeFormServer } from './largeFormServer';

const CARD = 'section[aria-label="Form fields"] [aria-label^="Move "]';
const server = await startLargeFormServer(process.env.PORT ?? '3295');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.base });
  await signInAdmin(context.request);
  const builder = await importLargeForm(context.request, server.eventId);
  const screens: [string, string, string][] = [
    ['forms list', '/admin/forms', 'a[href*="/admin/forms/"]'],
    ['builder', builder, CARD],
  ];
  for (const [name, path, ready] of screens) {
    await trace(context, name, path, ready, true); // warms the HTTP cache
    await trace(context, name, path, ready, false);
  }
} finally {
  await browser.close();
  await server.stop();
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat: string;
};

async function trace(context: BrowserContext, name: string, path: string, ready: string, warmup: boolean) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  if (!warmup)
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing',
      transferMode: 'ReportEvents',
    });
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForSelector(ready, { timeout: 120_000 });
  const at = (await page.evaluate(
    'new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()))))',
  )) as number;
  const timings = (await page.evaluate(() => ({
    resources: performance.getEntriesByType('resource').map((r) => {
      const t = r as PerformanceResourceTiming;
      return {
        name: t.name.replace(location.origin, ''),
        start: t.startTime,
        end: t.responseEnd,
        bytes: t.encodedBodySize,
      };
    }),
    paints: performance.getEntriesByType('paint').map((p) => [p.name, p.startTime] as const),
    nav: (() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        responseEnd: n.responseEnd,
        domInteractive: n.domInteractive,
        domContentLoaded: n.domContentLoadedEventEnd,
      };
    })(),
  }))) as {
    resources: { name: string; start: number; end: number; bytes: number }[];
    paints: [string, number][];
    nav: Record<string, number>;
  };
  if (warmup) {
    await page.close();
    return;
  }
  await cdp.send('Tracing.end');
  await done;
  if (process.env.OUT)
    writeFileSync(join(process.env.OUT, `${name.replace(/ /g, '-')}.json`), JSON.stringify(events));
  console.log(`\n## ${name} (${path}): ready and painted at ${at.toFixed(0)} ms (warm cache, 4x)`);
  console.log(
    `navigation: ${JSON.stringify(Object.fromEntries(Object.entries(timings.nav).map(([k, v]) => [k, Math.round(v)])))}`,
  );
  console.log(`paints: ${timings.paints.map(([n, t]) => `${n} ${t.toFixed(0)} ms`).join(', ')}`);
  console.log('requests (start → end ms, body bytes):');
  for (const r of timings.resources.sort((a, b) => a.start - b.start))
    console.log(
      `  ${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)}  ${String(r.bytes).padStart(7)}  ${r.name.slice(0, 90)}`,
    );
  summarise(events);
  await page.close();
}

/** Main-thread time by top-level task kind and by the kinds nested in them (self time not split). */
function summarise(events: TraceEvent[]) {
  const main = events.find(
    (e) =>
      e.name === 'thread_name' && (e as unknown as { args: { name: string } }).args.name === 'CrRendererMain',
  );
  const mine = events.filter(
    (e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur,
  );
  const byName = new Map<string, number>();
  for (const e of mine) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  const tasks = mine.filter((e) => e.name === 'RunTask');
  const total = tasks.reduce((s, e) => s + (e.dur ?? 0) / 1000, 0);
  const long = tasks.filter((e) => (e.dur ?? 0) > 50_000).length;
  console.log(`main thread: ${total.toFixed(0)} ms in ${tasks.length} tasks (${long} over 50 ms)`);
  const kinds = [...byName]
    .filter(([n]) => n !== 'RunTask')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 22);
  for (const [n, ms] of kinds) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${n}`);
}
