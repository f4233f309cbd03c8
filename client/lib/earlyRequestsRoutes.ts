import { areaOfPath, type MemberArea } from '../../shared/people/memberAreas';

/**
 * The route's code, asked for by the boot script (client/boot.ts) before the app's entry has run
 * (issue 22). Without it the browser learns of a screen's chunks only in a chain: the entry loads
 * and runs, the router matches, the signed-in frame's chunk loads, then the screen's, each link a
 * round trip on a phone. The build (vite.config.ts, `routeChunksTable`) writes into index.html, for
 * every route of the router's own table (client/scripts/routeTable.mjs), the JavaScript and CSS files
 * it loads before its first render beyond the entry's; the boot script preloads the current path's.
 * A wrong or missing match only costs the preload: the router still loads what it needs.
 */

/**
 * The table index.html carries: file names; per file, the files it needs before it runs (its static
 * imports and CSS, by index); per route pattern (most specific first), its screens' chunks and,
 * as 1, whether it opens inside the signed-in frame (features/shell/SignedInLayout.tsx).
 */
export type RouteChunkTable = {
  files: string[];
  needs: number[][];
  routes: [pattern: string, chunks: number[], inFrame?: 1][];
};

/** The element id of the table in index.html. */
export const ROUTE_CHUNKS_ID = 'route-chunks';

/**
 * The params of `path` when it matches a route pattern as React Router reads it (`:param`, a final
 * `*`), else null.
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return params;
    if (i >= have.length) return null;
    let segment: string;
    try {
      segment = decodeURIComponent(have[i]);
    } catch {
      return null;
    }
    if (want[i].startsWith(':')) params[want[i].slice(1)] = segment;
    else if (want[i] !== segment) return null;
  }
  return want.length === have.length ? params : null;
}

/**
 * The answers a screen asks for on its first render, by route pattern: `:eventId` is the current
 * event, other `:names` the route's params. The boot script starts them with the session's answer
 * (or at once when they name no event), while the app's code loads; the API client hands each to
 * the first GET of the same path (lib/earlyRequests.ts). A path a screen no longer asks for costs
 * one request that nobody reads; keep this list in step with the screens' queries (tests).
 */
export const EARLY_ANSWERS: [pattern: string, paths: string[]][] = [
  // Sign-in: the setup check (its loader), the branding (AuthLayout), the providers' buttons.
  ['/auth/login', ['/api/setup', '/api/public/branding', '/api/public/sign-in-providers']],
  ['/', ['/api/events/:eventId/dashboard', '/api/events/:eventId/my-time-table']],
  ['/tasks', ['/api/events/:eventId/my-tasks', '/api/events/:eventId/my-tasks/work']],
  ['/content/:contentId', ['/api/events/:eventId/my-content/:contentId']],
  ['/suppliers', ['/api/events/:eventId/supplier-directory']],
  ['/my-team', ['/api/events/:eventId/my-team']],
];

/**
 * What the signed-in frame (features/shell/SignedInLayout.tsx) asks for on every screen, with the
 * member area each belongs to: the bell's list only when the notifications area is open.
 */
export const FRAME_ANSWERS: [path: string, area: MemberArea | null][] = [
  ['/api/events/:eventId/navigation', null],
  ['/api/events/:eventId/my-notifications', 'notifications'],
];

/** `template` with its `:names` filled in; null when one is unknown. */
function fill(template: string, values: Record<string, string>): string | null {
  let missing = false;
  const filled = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : filled;
}

/**
 * The early answers for `path`: those that need no event, and those to ask once `eventId` is known
 * (with the frame's, on every signed-in screen). An answer of a member area closed to the viewer is
 * a 403 (decision 0034), and only the event's shell names the open areas: with `openAreas` null
 * (the shell not yet answered) the answers of no area; with the shell's areas, those of an open area.
 */
export function earlyAnswersFor(
  path: string,
  eventId: string | null,
  signedInFrame: boolean,
  openAreas: readonly MemberArea[] | null = null,
): string[] {
  const route = EARLY_ANSWERS.find(([pattern]) => matchPattern(pattern, path));
  const params = route ? matchPattern(route[0], path) : null;
  const screenArea = areaOfPath(path);
  const templates: [string, MemberArea | null][] = [
    ...(route?.[1] ?? []).map((template): [string, MemberArea | null] => [template, screenArea]),
    ...(signedInFrame ? FRAME_ANSWERS : []),
  ];
  const values = { ...params, ...(eventId ? { eventId } : {}) };
  return templates
    .filter(([template]) => template.includes(':eventId') === (eventId !== null))
    .filter(([, area]) => (openAreas === null ? area === null : area !== null && openAreas.includes(area)))
    .map(([template]) => fill(template, values))
    .filter((filled) => filled !== null);
}

/** The files of the first (most specific) route that matches `path`; none when nothing does. */
export function routeFiles(table: RouteChunkTable, path: string): string[] {
  const route = table.routes.find(([pattern]) => matchPattern(pattern, path) !== null);
  const found = new Set<number>();
  const visit = (index: number) => {
    if (found.has(index)) return;
    found.add(index);
    for (const needed of table.needs[index] ?? []) visit(needed);
  };
  for (const index of route?.[1] ?? []) visit(index);
  return [...found].map((index) => table.files[index]);
}

/**
 * A path pattern's rank as React Router computes it (computeScore: static segments over dynamic
 * ones over a splat): the table is sorted by it at build time, so the first match is the router's.
 */
export function patternScore(pattern: string): number {
  const segments = pattern.split('/').filter(Boolean);
  let score = segments.length;
  if (segments.includes('*')) score -= 2;
  for (const segment of segments) {
    if (segment === '*') continue;
    score += segment.startsWith(':') ? 3 : 10;
  }
  return score;
}

/** Adds the preload links of `files` (JavaScript as module preloads, CSS fetched but not applied). */
export function preloadFiles(files: string[], doc: Document = document): void {
  for (const file of files) {
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else link.rel = 'modulepreload';
    // As Vite's own loader asks for them (crossorigin), so its later request is served from this one.
    link.crossOrigin = '';
    link.href = `/${file}`;
    doc.head.append(link);
  }
}

/** Images being preloaded: held so that none is collected before it has loaded. */
const preloading: HTMLImageElement[] = [];

/**
 * Preloads an image the first screen shows. An `Image` rather than a `<link rel=preload>`: its
 * request starts in the task that asks for it (a preload link's may wait for the page's next style
 * and layout pass, inside the app's first long render), and the `<img>` the screen renders later is
 * served from the page's list of loaded images. No crossorigin, as an `<img>` asks for it.
 */
export function preloadImage(href: string, doc: Document = document): void {
  const image = doc.createElement('img');
  image.src = href;
  preloading.push(image);
}

/**
 * Answers that name the first screen's largest image, by answer path: the field holding its URL.
 * The dashboard's header image is `/`'s largest paint; it was asked for only once the dashboard had
 * rendered (issue 22).
 */
export const EARLY_IMAGES: [answer: string, field: string][] = [
  ['/api/events/:eventId/dashboard', 'headerImage'],
];

/** The image URL an early answer names (see EARLY_IMAGES), or null. */
export function imageOfAnswer(answerPath: string, body: unknown): string | null {
  const rule = EARLY_IMAGES.find(([template]) => matchPattern(template, answerPath) !== null);
  if (!rule || typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[rule[1]];
  return typeof value === 'string' && value.startsWith('/') ? value : null;
}

/** Whether an early answer may name an image to preload (so only those are read twice). */
export function namesImage(answerPath: string): boolean {
  return EARLY_IMAGES.some(([template]) => matchPattern(template, answerPath) !== null);
}

/** The table index.html carries (parsed once), or null when the page has none (development). */
let parsed: { doc: Document; table: RouteChunkTable | null } | null = null;
function tableOf(doc: Document): RouteChunkTable | null {
  if (parsed?.doc !== doc) {
    const text = doc.getElementById(ROUTE_CHUNKS_ID)?.textContent;
    parsed = { doc, table: text ? (JSON.parse(text) as RouteChunkTable) : null };
  }
  return parsed.table;
}

/** Reads the table from the page and preloads the current path's files. */
export function preloadRoute(path: string, doc: Document = document): void {
  const table = tableOf(doc);
  if (table) preloadFiles(routeFiles(table, path), doc);
}

/** Whether `path`'s screen opens inside the signed-in frame (false when unknown). */
export function routeInFrame(path: string, doc: Document = document): boolean {
  const route = tableOf(doc)?.routes.find(([pattern]) => matchPattern(pattern, path) !== null);
  return route?.[2] === 1;
}
