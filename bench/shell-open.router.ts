// What creating the router costs on the first page (issue 13, tenth session): React Router ranks and
// compiles every branch of the table it is given when it is created, before any screen renders.
// This times the router's creation (its route table built, ranked and matched to the page, as
// createBrowserRouter does before it starts the page's loaders) over the whole table (A) and over the
// table the app starts with (`startingRoutes`, B), alternately, in Node: plain CPU work, so the
// fastest runs hold up on a loaded machine better than a browser's wall clock. Not a benchmark (not
// *.bench.ts): `npx tsx bench/shell-open.router.ts`; RUNS=n warm runs (default 300), COLD=n fresh
// processes (default 7) for the first creation, the one a page pays.
import { execFileSync } from 'node:child_process';
import { register } from 'node:module';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

// The router's modules import CSS modules (the root layout's): Node gets an empty object for them.
register(
  `data:text/javascript,${encodeURIComponent(`export async function load(url, context, next) {
    if (/\\.css($|\\?)/.test(url))
      return { format: 'module', source: 'export default new Proxy({}, { get: (_, k) => String(k) });', shortCircuit: true };
    return next(url, context);
  }`)}`,
);

const { QueryClient } = await import('@tanstack/react-query');
const { UNSAFE_createRouter: createRouter, UNSAFE_createMemoryHistory: createMemoryHistory } = await import(
  'react-router'
);
const { createRoutes, startingRoutes } = await import('../client/router');

const RUNS = Number(process.env.RUNS ?? 300);
const PATHS = ['/', '/tasks', '/my-team', '/admin/forms', '/admin/forms/f1'];
const queryClient = new QueryClient();

function create(path: string, split: boolean): number {
  const started = performance.now();
  const all = createRoutes(queryClient);
  const table = split ? startingRoutes(all, path) : { routes: all, patchRoutesOnNavigation: undefined };
  const router = createRouter({
    routes: table.routes,
    history: createMemoryHistory({ initialEntries: [path] }),
    patchRoutesOnNavigation: table.patchRoutesOnNavigation,
  });
  const ms = performance.now() - started;
  router.dispose();
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const min = (values: number[]) => Math.min(...values);
/** The patterns the router compiles at creation: for each route with a path or index, one per route on its way. */
type Shape = { path?: string; index?: boolean; children?: Shape[] };
const patterns = (routes: Shape[], depth = 1): number =>
  routes.reduce(
    (sum, route) =>
      sum + (route.path != null || route.index ? depth : 0) + patterns(route.children ?? [], depth + 1),
    0,
  );
const count = (routes: { children?: unknown[] }[]): number =>
  routes.reduce((sum, route) => sum + 1 + count((route.children ?? []) as { children?: unknown[] }[]), 0);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

// One cold creation (a fresh process: nothing compiled yet, as on a page's first load), printed.
if (process.env.ONE) {
  const [path = '/', split] = process.env.ONE.split('|');
  console.log(create(path, split === 'B').toFixed(3));
  process.exit(0);
}

const COLD = Number(process.env.COLD ?? 7);
console.log(
  `Cold: the first creation in a fresh process, ${COLD} processes each, A/B alternated; load ${load()}`,
);
console.log('| first page | A median ms (runs) | B median ms (runs) |');
console.log('|---|---|---|');
for (const path of PATHS) {
  const cold: Record<'A' | 'B', number[]> = { A: [], B: [] };
  for (let i = 0; i < COLD; i++)
    for (const side of ['A', 'B'] as const) {
      const out = execFileSync(process.execPath, [...process.execArgv, process.argv[1] ?? ''], {
        env: { ...process.env, ONE: `${path}|${side}` },
        encoding: 'utf8',
      });
      cold[side].push(Number(out.trim().split('\n').pop()));
    }
  const runs = (values: number[]) =>
    `${median(values).toFixed(2)} (${values.map((v) => v.toFixed(1)).join(', ')})`;
  console.log(`| ${path} | ${runs(cold.A)} | ${runs(cold.B)} |`);
}

console.log(
  `\nWarm (the JIT warmed up): router creation, Node ${process.version}, ${RUNS} runs each, A/B alternated; load ${load()}`,
);
console.log(
  '| first page | routes A / B | patterns compiled A / B | A median / fastest µs | B median / fastest µs | B / A (median) |',
);
console.log('|---|---|---|---|---|---|');
for (const path of PATHS) {
  for (let i = 0; i < 20; i++) create(path, i % 2 === 0); // warm the JIT
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    a.push(create(path, false));
    b.push(create(path, true));
  }
  const routesA = count(createRoutes(queryClient));
  const routesB = count(startingRoutes(createRoutes(queryClient), path).routes);
  const patternsA = patterns(createRoutes(queryClient) as Shape[]);
  const patternsB = patterns(startingRoutes(createRoutes(queryClient), path).routes as Shape[]);
  const us = (ms: number) => (ms * 1000).toFixed(0);
  console.log(
    `| ${path} | ${routesA} / ${routesB} | ${patternsA} / ${patternsB} | ${us(median(a))} / ${us(min(a))} | ${us(median(b))} / ${us(min(b))} | ${(median(b) / median(a)).toFixed(2)} |`,
  );
}
console.log(`load after: ${load()}`);
