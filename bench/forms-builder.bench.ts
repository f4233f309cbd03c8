// The form builder with the engine's 300-field, 50-rule form (issue 13), in Debian's Chromium at
// 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate) against the built server (one event, bench/largeFormServer.ts):
//  - open: navigation start to the builder ready for work, painted: the canvas's cards down to the
//    window's bottom with their Move handles (the lock held); median of RUNS loads with a warm HTTP
//    cache, the first, cold load printed too (and used to check, untimed, that scrolling reaches
//    the form's last field). Target under 1 s.
//  - drag-reorder by keyboard (dnd-kit's sensor: Space to lift, ArrowDown, Space to drop): the
//    key's event time to the next paint after the canvas shows the new order (the drop) or the
//    card below moved up into the lifted card's place (the step). Target within 100 ms.
// The server's save of the same form (under 300 ms on both engines) is bench/forms-save.bench.ts.
// `npm run build` first; `npm run bench -- forms-builder`. RUNS=n, PORT=n, CHROMIUM=path; PARTS=open,list,drag
// (the default: all three) measures only those named, e.g. PARTS=drag for an A/B of the drag alone.
// Each run is printed as it is taken (with the load average), so a cut-off run still leaves figures.
import { loadavg } from 'node:os';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { importLargeForm, LARGE_FORM_FIELDS, signInAdmin, startLargeFormServer } from './largeFormServer';
import { median } from './lib';

const RUNS = Number(process.env.RUNS ?? 5);
const PARTS = new Set((process.env.PARTS ?? 'open,list,drag').split(','));
const TARGETS = { openMs: 1000, dragMs: 100 };
const FIELDS = LARGE_FORM_FIELDS;
/** The fixture's last field, found by scrolling to the end once: the whole form is on the canvas. */
const LAST_FIELD = 'Select Order total';
/** How long a key may take to change the canvas before the run is failed (not hung). */
const KEY_LIMIT_MS = Number(process.env.KEY_LIMIT_MS ?? 60_000);
/** How long an open may take before the run is failed (a loaded machine needs more than a minute). */
const OPEN_LIMIT_MS = Number(process.env.OPEN_LIMIT_MS ?? 120_000);
const CARD = 'section[aria-label="Form fields"] [aria-label^="Select "]';

/**
 * Resolves after the next paint: a task queued from a frame callback runs once the frame is drawn.
 * A string, so that no helper of the TypeScript runner is carried into the page.
 */
const AFTER_PAINT = 'new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()))))';

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
/** Each page's CDP session, for its main-thread CPU; and the CPU each measurement took. */
const sessions = new WeakMap<Page, CDPSession>();
const cpu = { open: [] as number[], list: [] as number[], move: [] as number[], drop: [] as number[] };
const progress = (line: string) => console.error(`  ${line} (load ${load()})`);

const server = await startLargeFormServer(process.env.PORT ?? '3293');
progress('event and admin created');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.base });
  await signInAdmin(context.request);
  const path = await importLargeForm(context.request, server.eventId);

  progress(`${FIELDS}-field form saved`);
  const opens: number[] = [];
  for (let run = 0; PARTS.has('open') && run <= RUNS; run++) {
    opens.push(await open(context, path, run === 0));
    progress(`open ${run === 0 ? 'cold' : `warm ${run}`}: ${opens[run].toFixed(0)} ms`);
  }
  const [cold, ...warm] = opens;
  // The same wait on the forms list (the shell, one small screen, one request): what any admin
  // screen costs in the same conditions, so the builder's own share can be told from the load's.
  const lists: number[] = [];
  for (let run = 0; PARTS.has('list') && run < RUNS; run++) {
    lists.push(await openList(context));
    progress(`forms list ${run + 1}: ${lists[run].toFixed(0)} ms`);
  }
  const drags = { move: [] as number[], drop: [] as number[] };
  for (let run = 0; PARTS.has('drag') && run < RUNS; run++) {
    const { move, drop } = await dragReorder(context, path, run);
    drags.move.push(move);
    drags.drop.push(drop);
    progress(`drag ${run + 1}: step ${move.toFixed(0)} ms, drop ${drop.toFixed(0)} ms`);
  }
  if (lists.length > 0)
    console.log(
      `For comparison: /admin/forms (warm) opens in ${median(lists).toFixed(0)} ms (median; ${lists.map((v) => v.toFixed(0)).join(', ')})`,
    );
  const rows: [string, number[], number][] = [
    [`open with ${FIELDS} fields, warm cache (cold: ${cold?.toFixed(0)} ms)`, warm, TARGETS.openMs],
    ['drag by keyboard: one step (ArrowDown) to paint', drags.move, TARGETS.dragMs],
    ['drag by keyboard: drop (Space) to the new order painted', drags.drop, TARGETS.dragMs],
  ];
  console.log(`Chromium, 1440 px, 4x CPU slowdown; median of ${RUNS} runs; load average ${load()}`);
  console.log('| measurement | median ms | all runs | target |');
  console.log('|---|---:|---|---|');
  for (const [name, values, target] of rows) {
    if (values.length === 0) continue;
    const value = median(values);
    const met = value < target;
    if (!met) failed = true;
    const runs = values.map((v) => v.toFixed(0)).join(', ');
    console.log(`| ${name} | ${value.toFixed(0)} | ${runs} | < ${target} ms ${met ? 'met' : 'MISSED'} |`);
  }
  // The main thread's CPU (not the wall clock): what a loaded machine inflates least.
  const cpuLine = (values: number[]) =>
    values.length === 0
      ? '-'
      : `${median(values).toFixed(0)} (${values.map((v) => v.toFixed(0)).join(', ')})`;
  console.log(
    `Main-thread CPU ms at 4x, median (runs): open warm ${cpuLine(cpu.open)}; /admin/forms ${cpuLine(cpu.list)}; step ${cpuLine(cpu.move)}; drop ${cpuLine(cpu.drop)}`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);

async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  sessions.set(page, cdp);
  return page;
}

/**
 * The page's main thread's CPU time so far (CDP Performance metric ThreadTime), in ms. Unlike the
 * wall clock it does not count the time the renderer waited for a core, so it compares builds
 * measured at a high load (both under the same 4x slowdown: compare it between runs, not with the
 * wall-clock targets).
 */
async function mainThreadMs(page: Page): Promise<number> {
  const cdp = sessions.get(page);
  if (!cdp) return Number.NaN;
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}

/**
 * Navigation start to the builder ready for work, painted: the canvas shows its cards down to the
 * bottom of the window (or all of them, for a short form) with their Move handles, which appear
 * once the edit lock is held. The canvas mounts only the cards near the viewport (decision 0036),
 * so "all 300 cards in the DOM" is no longer what a person waits for; that the whole form is there
 * is checked afterwards (not timed) by scrolling to its last field.
 */
async function open(context: BrowserContext, path: string, checkWhole = false): Promise<number> {
  const page = await throttledPage(context);
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(
    ({ selector, count }) => {
      const cards = [...document.querySelectorAll(selector)];
      const last = cards.at(-1);
      if (!last || !document.querySelector('section[aria-label="Form fields"] [aria-label^="Move "]'))
        return false;
      return cards.length === count || last.getBoundingClientRect().bottom >= window.innerHeight;
    },
    { selector: CARD, count: FIELDS },
    { polling: 'raf', timeout: OPEN_LIMIT_MS },
  );
  const ms = (await page.evaluate(AFTER_PAINT)) as number;
  if (!checkWhole) cpu.open.push(await mainThreadMs(page));
  if (checkWhole) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: LAST_FIELD, exact: true }).waitFor({ timeout: 60_000 });
  }
  await page.close();
  return ms;
}

/** Navigation start to the forms list showing the large form's row, painted. */
async function openList(context: BrowserContext): Promise<number> {
  const page = await throttledPage(context);
  await page.goto('/admin/forms', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Exhibitor Manual Checklist' }).first().waitFor({ timeout: 60_000 });
  const ms = (await page.evaluate(AFTER_PAINT)) as number;
  cpu.list.push(await mainThreadMs(page));
  await page.close();
  return ms;
}

/** Lifts the card at `run + 2`, moves it one step down and drops it, timing the step and the drop. */
async function dragReorder(context: BrowserContext, path: string, run: number) {
  const page = await throttledPage(context);
  await page.goto(path);
  // The builder holds the lock once the handles show (a read-only builder has none).
  const handles = page.getByRole('button', { name: /^Move / });
  await handles.first().waitFor({ timeout: 60_000 });
  const names = () =>
    page.locator(CARD).evaluateAll((cards) => cards.slice(0, 8).map((c) => c.getAttribute('aria-label')));
  const before = await names();
  const moved = before[run + 2] ?? '';
  const expected = [...before];
  expected.splice(run + 2, 2, before[run + 3] ?? '', moved);
  const handle = handles.nth(run + 2);
  await handle.focus();
  await page.keyboard.press('Space');
  // Lifted: dnd-kit marks the handle pressed. Before this the arrow would not be a step yet.
  await page.waitForFunction(
    (el) => el?.getAttribute('aria-pressed') === 'true',
    await handle.elementHandle(),
    {
      timeout: KEY_LIMIT_MS,
    },
  );
  await page.waitForTimeout(300);
  let at = await mainThreadMs(page);
  const move = await timeKey(page, 'ArrowDown', { shifted: before[run + 3] ?? '' });
  cpu.move.push((await mainThreadMs(page)) - at);
  await page.waitForTimeout(300);
  at = await mainThreadMs(page);
  const drop = await timeKey(page, ' ', { order: expected });
  cpu.drop.push((await mainThreadMs(page)) - at);
  const after = await names();
  if (after.join('|') !== expected.join('|'))
    throw new Error(`the drop did not reorder the canvas: ${after.join(', ')}`);
  await page.close();
  return { move, drop };
}

/**
 * Presses `key` and answers the time from its keydown event to the paint after the canvas shows
 * its effect: for a step, the card below the lifted one moved up into its place (`shifted`, its
 * Select label); for the drop, the first cards in the new `order`. A step is timed to the card
 * below moving, not to the first change on the canvas: dnd-kit moves the lifted card first and
 * the others a render later, and a drop pressed in between lands where the card started (the
 * earlier bench's drop then never showed the new order).
 */
async function timeKey(
  page: Page,
  key: string,
  want: { shifted: string } | { order: (string | null)[] },
): Promise<number> {
  // The measurement is set up in the page (its promise kept on window) before the key is pressed:
  // a fixed pause after starting it was not enough on a loaded machine, and a key pressed before
  // the listener was in place failed the run ("keydown seen: false").
  await page.evaluate(
    ({ selector, want, key, limit }) => {
      (window as unknown as { keyTiming: Promise<number> }).keyTiming = new Promise<number>(
        (resolve, reject) => {
          let start = 0;
          let done = false;
          // Never wait for ever: a canvas that does not show the change fails the run, saying so.
          setTimeout(() => {
            if (done) return;
            done = true;
            observer.disconnect();
            const shows = [...document.querySelectorAll(selector)]
              .slice(0, 8)
              .map((el) => el.getAttribute('aria-label'));
            const live = [...document.querySelectorAll('[aria-live]')]
              .map((el) => el.textContent)
              .join(' | ');
            reject(
              new Error(
                `the canvas did not show ${JSON.stringify(want)} within ${limit} ms of ${key} (keydown seen: ${start > 0}); it shows ${shows.join(', ')}; announced: ${live}`,
              ),
            );
          }, limit);
          const region = document.querySelector('section[aria-label="Form fields"]');
          if (!region) throw new Error('no canvas');
          const observer = new MutationObserver(() => {
            if (done || !start) return;
            // Inline, not a named helper: the TypeScript runner would wrap one in its own __name.
            if ('order' in want) {
              const labels = [...document.querySelectorAll(selector)].slice(0, want.order.length);
              if (!labels.every((el, i) => el.getAttribute('aria-label') === want.order[i])) return;
            } else {
              // The sortable row around the card carries dnd-kit's transform: upwards, a negative y.
              let row = document.querySelector(`${selector}[aria-label="${CSS.escape(want.shifted)}"]`);
              while (row && !(row instanceof HTMLElement && row.style.transform)) row = row.parentElement;
              if (!(row instanceof HTMLElement && /translate3d\(0px, -/.test(row.style.transform))) return;
            }
            done = true;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
          });
          observer.observe(region, { subtree: true, childList: true, attributes: true, characterData: true });
          window.addEventListener('keydown', (e) => (start = e.timeStamp), { capture: true, once: true });
        },
      );
    },
    { selector: CARD, want, key, limit: KEY_LIMIT_MS },
  );
  await page.keyboard.press(key === ' ' ? 'Space' : key);
  return (await page.evaluate('window.keyTiming')) as number;
}
