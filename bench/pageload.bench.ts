// What a phone gets from the team screens, measured in Debian's Chromium on a built, demo-seeded
// server: a 390 px wide viewport, 4x CPU slowdown and a slow mobile network (150 ms round trip,
// 1.6 Mbit/s down), each page on a cold cache. Per page: first and largest contentful paint,
// cumulative layout shift (PerformanceObserver), bytes on the wire by kind (CDP Network), and
// whether the page is wider than the screen. Fails when a page misses a target of issue 22.
// `npm run build` first; `npm run bench -- pageload`. RUNS=n repeats each page (median).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { median, startServer, stopServer } from './lib';

const PORT = process.env.PORT ?? '3291';
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 3);
const WIDTH = 390;
const TARGETS = { clsMax: 0.05, transferMaxKb: 300 };

type Sample = { fcp: number; lcp: number; cls: number; kb: Record<string, number>; width: number };

const dataDir = mkdtempSync(join(tmpdir(), 'bench-pageload-'));
const env = { PORT, DATA_DIR: dataDir, PUBLIC_URL: BASE };
const seeded = execFileSync(process.execPath, ['dist/server/cli.js', 'seed', '--demo'], {
  env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
  encoding: 'utf8',
});
const user = [...seeded.matchAll(/^\s+user\s+(\S+@\S+)\s+password: (\S+)$/gm)][0];
if (!user) throw new Error(`no team user in the demo seed's output:\n${seeded}`);
const [, email, password] = user;

const { child } = await startServer(env);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
let failed = false;
try {
  const contentPath = await firstContentPath();
  const pages: [string, boolean][] = [
    ['/auth/login', false],
    ['/', true],
    ['/tasks', true],
    [contentPath, true],
    ['/suppliers', true],
    ['/my-team', true],
    ['/downloads', true],
  ];
  console.log(`Chromium, ${WIDTH} px, 4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s; median of ${RUNS} cold loads`);
  console.log('page                 FCP ms  LCP ms    CLS   total KB    JS   CSS  font   API  width');
  for (const [path, signedIn] of pages) {
    const samples: Sample[] = [];
    if (process.env.PAGES && !process.env.PAGES.split(',').includes(path)) continue;
    for (let i = 0; i < RUNS; i++) samples.push(await measure(path, signedIn));
    if (process.env.DEBUG) console.log(JSON.stringify(samples));
    const m = (pick: (s: Sample) => number) => median(samples.map(pick));
    const kb = (kind: string) => m((s) => s.kb[kind] ?? 0);
    const total = m((s) => Object.values(s.kb).reduce((a, b) => a + b, 0));
    const row = { fcp: m((s) => s.fcp), lcp: m((s) => s.lcp), cls: Math.max(...samples.map((s) => s.cls)) };
    const width = Math.max(...samples.map((s) => s.width));
    const misses = [
      row.cls >= TARGETS.clsMax && `CLS ${row.cls.toFixed(3)}`,
      signedIn && total >= TARGETS.transferMaxKb && `${total.toFixed(0)} KB`,
      width > WIDTH && `${width} px wide`,
    ].filter(Boolean);
    if (misses.length) failed = true;
    console.log(
      `${(path.startsWith('/content/') ? '/content/:id' : path).padEnd(20)} ${row.fcp.toFixed(0).padStart(6)} ${row.lcp.toFixed(0).padStart(7)} ${row.cls
        .toFixed(3)
        .padStart(6)} ${total.toFixed(0).padStart(10)} ${['script', 'stylesheet', 'font', 'api']
        .map((k) => kb(k).toFixed(0).padStart(5))
        .join(' ')} ${String(width).padStart(6)}${misses.length ? `  MISSES: ${misses.join(', ')}` : ''}`,
    );
  }
} finally {
  await browser.close();
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

async function signedInContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, baseURL: BASE });
  const res = await context.request.post('/api/auth/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  return context;
}

async function firstContentPath(): Promise<string> {
  const context = await signedInContext();
  const page = await context.newPage();
  await page.goto('/content');
  const href = await page.locator('a[href^="/content/"]').first().getAttribute('href');
  await context.close();
  if (!href) throw new Error('the demo event shows no content page');
  return href;
}

/** One cold load of a page under the phone conditions. */
async function measure(path: string, signedIn: boolean): Promise<Sample> {
  const context = signedIn
    ? await signedInContext()
    : await browser.newContext({ viewport: { width: WIDTH, height: 844 }, baseURL: BASE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const kinds = new Map<string, string>();
  const kb: Record<string, number> = {};
  cdp.on('Network.responseReceived', (e) => {
    const api = new URL(e.response.url).pathname.startsWith('/api/');
    kinds.set(e.requestId, api ? 'api' : e.type.toLowerCase());
  });
  cdp.on('Network.loadingFinished', (e) => {
    const kind = kinds.get(e.requestId) ?? 'other';
    kb[kind] = (kb[kind] ?? 0) + e.encodedDataLength / 1024;
  });
  // Wait for the screen's heading, then for its data: nothing busy and no loader left. Not the
  // network going idle: it never does on a signed-in page, whose event stream stays open.
  await page.goto(path);
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], main [role="status"] .mantine-Loader-root'),
    undefined,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(500);
  const metrics = await paintMetrics(page);
  await context.close();
  return { ...metrics, kb };
}

function paintMetrics(page: Page): Promise<Omit<Sample, 'kb'>> {
  return page.evaluate(
    () =>
      new Promise<Omit<Sample, 'kb'>>((resolve) => {
        let lcp = 0;
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lcp = Math.max(lcp, e.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!e.hadRecentInput) cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        setTimeout(() => resolve({ fcp, lcp, cls, width: document.documentElement.scrollWidth }), 100);
      }),
  );
}
