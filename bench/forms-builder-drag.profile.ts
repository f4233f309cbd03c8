// Where a keyboard drag step goes on the builder's canvas (issue 13): the 300-field form opened at
// 4x CPU slowdown, a card lifted (Space), then STEPS ArrowDown steps and the drop, recorded with
// CDP's CPU profiler and its precise coverage (exact call counts: how many times each component
// function ran, so how many rows rendered per step), and each step's main-thread CPU. Not a
// benchmark (not *.bench.ts): a tool for finding why. Names read best from a build without
// minification (`npx vite build --minify false`, then `node scripts/build-server.mjs`).
// `npx tsx bench/forms-builder-drag.profile.ts`; PORT=n, STEPS=n, OUT=file (the .cpuprofile).
import { writeFileSync } from 'node:fs';
import { type CDPSession, chromium } from 'playwright-core';
import { importLargeForm, signInAdmin, startLargeFormServer } from './largeFormServer';

const STEPS = Number(process.env.STEPS ?? 4);
/** TRACE=1: also a trace of each key, its main-thread tasks in order with what they spent time on. */
const TRACE = Boolean(process.env.TRACE);
const collectors = new WeakMap<TraceEvent[], (e: { value: object[] }) => void>();
/** Functions whose call counts are printed: the rows, the drag context and the virtualiser. */
const WATCH = (
  process.env.WATCH ??
  'SortableRow,FieldCard,DndContext,SortableContext,WindowedRows,useSortable,useDroppable,useDraggable,Canvas,SortableList,renderWithHooks'
)
  .split(',')
  .filter(Boolean);

const server = await startLargeFormServer(process.env.PORT ?? '3296');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.base });
  await signInAdmin(context.request);
  const path = await importLargeForm(context.request, server.eventId);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Performance.enable');
  await page.goto(path);
  const handle = page.getByRole('button', { name: /^Move / }).nth(2);
  await handle.waitFor({ timeout: 60_000 });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(
    (el) => el?.getAttribute('aria-pressed') === 'true',
    await handle.elementHandle(),
  );
  await page.waitForTimeout(500);
  const threadMs = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
  };
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  // Counts from here on only.
  await cdp.send('Profiler.takePreciseCoverage');
  await cdp.send('Profiler.start');
  const steps: number[] = [];
  const calls: Map<string, number>[] = [];
  const traces: string[] = [];
  for (let i = 0; i <= STEPS; i++) {
    const before = await threadMs();
    const events = TRACE ? await startTrace(cdp) : null;
    await page.keyboard.press(i === STEPS ? 'Space' : 'ArrowDown');
    await page.waitForTimeout(700);
    steps.push((await threadMs()) - before);
    if (events) traces.push(await endTrace(cdp, events));
    // Taking the coverage resets its counters: each key's own calls.
    const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: Coverage[] };
    const counts = new Map<string, number>();
    for (const script of result)
      for (const fn of script.functions) {
        if (!WATCH.includes(fn.functionName)) continue;
        counts.set(fn.functionName, (counts.get(fn.functionName) ?? 0) + (fn.ranges[0]?.count ?? 0));
      }
    calls.push(counts);
  }
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  writeFileSync(process.env.OUT ?? 'builder-drag.cpuprofile', JSON.stringify(profile));
  console.log(`Chromium at 4x, ${STEPS} ArrowDown steps then Space (the drop):`);
  console.log(`| key | main-thread CPU ms | ${WATCH.join(' | ')} |`);
  console.log(`|---|---:|${WATCH.map(() => '---:').join('|')}|`);
  steps.forEach((ms, i) => {
    const key = i === STEPS ? 'Space' : `ArrowDown ${i + 1}`;
    console.log(`| ${key} | ${ms.toFixed(0)} | ${WATCH.map((n) => calls[i].get(n) ?? 0).join(' | ')} |`);
  });
  traces.forEach((t, i) => {
    console.log(
      `\n### ${i === STEPS ? 'Space' : `ArrowDown ${i + 1}`}: the main thread's tasks (thread ms)\n${t}`,
    );
  });
  summarise(profile);
} finally {
  await browser.close();
  await server.stop();
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
};

async function startTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }) => events.push(...(e.value as unknown as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  collectors.set(events, collect);
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  return events;
}

/**
 * The main thread's tasks over 1 ms of thread time, in order: each with the time (thread ms, not
 * wall: a loaded machine stretches the wall clock) of the kinds of work inside it.
 */
async function endTrace(cdp: CDPSession, events: TraceEvent[]): Promise<string> {
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await done;
  const collect = collectors.get(events);
  if (collect) cdp.off('Tracing.dataCollected', collect);
  const main = events.find(
    (e) =>
      e.name === 'thread_name' && (e as unknown as { args: { name: string } }).args.name === 'CrRendererMain',
  );
  const mine = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tasks = mine.filter((e) => e.name === 'RunTask' && (e.tdur ?? 0) > 1000);
  const t0 = tasks[0]?.ts ?? 0;
  const KINDS = [
    'EventDispatch',
    'FunctionCall',
    'TimerFire',
    'FireAnimationFrame',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'PrePaint',
    'Layerize',
    'RunMicrotasks',
    'MajorGC',
    'MinorGC',
    'V8.GC_SCAVENGER',
    'ParseHTML',
    'HitTest',
    'ScrollLayer',
  ];
  const lines = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && KINDS.includes(e.name));
    const byKind = new Map<string, number>();
    for (const e of inside) byKind.set(e.name, (byKind.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
    const kinds = [...byKind]
      .filter(([, ms]) => ms >= 0.5)
      .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
      .join(', ');
    return `  +${((task.ts - t0) / 1000).toFixed(0).padStart(4)} ms wall: ${((task.tdur ?? 0) / 1000).toFixed(1).padStart(6)} ms (${kinds})`;
  });
  const total = tasks.reduce((sum, t) => sum + (t.tdur ?? 0) / 1000, 0);
  return `${lines.join('\n')}\n  total ${total.toFixed(1)} ms in ${tasks.length} tasks`;
}

type Coverage = { url: string; functions: { functionName: string; ranges: { count: number }[] }[] };
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
  for (const n of p.nodes) {
    if (n.callFrame.functionName === '(idle)' || n.callFrame.functionName === '(program)') continue;
    const t = self.get(n.id) ?? 0;
    const file = n.callFrame.url.split('/').pop() || '(native)';
    const key = `${n.callFrame.functionName || '(anon)'} ${file}:${n.callFrame.lineNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + t);
  }
  const total = [...byFn.values()].reduce((a, b) => a + b, 0);
  const top = [...byFn]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([n, t]) => `${t.toFixed(1).padStart(7)} ms  ${n}`)
    .join('\n');
  console.log(`sampled script and GC time (not idle): ${total.toFixed(0)} ms; by function (self):\n${top}`);
}
