import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRouteTable } from '../scripts/routeTable.mjs';
import {
  EARLY_ANSWERS,
  EARLY_IMAGES,
  earlyAnswersFor,
  FRAME_ANSWERS,
  imageOfAnswer,
  matchPattern,
  namesImage,
  patternScore,
  preloadRoute,
  ROUTE_CHUNKS_ID,
  type RouteChunkTable,
  routeFiles,
  routeInFrame,
} from './earlyRequestsRoutes';

const EVENT = 'c17a0b69-3c48-4915-b404-4c2ce52fe865';

describe('route patterns as the router reads them', () => {
  it('matches static segments, params and a final splat, and nothing longer or shorter', () => {
    expect(matchPattern('/tasks', '/tasks')).toEqual({});
    expect(matchPattern('/tasks', '/tasks/')).toEqual({});
    expect(matchPattern('/tasks', '/tasks/1')).toBeNull();
    expect(matchPattern('/content/:contentId', '/content/a%20b')).toEqual({ contentId: 'a b' });
    expect(matchPattern('/content/:contentId', '/content')).toBeNull();
    expect(matchPattern('/admin/reports/*', '/admin/reports/tasks/1')).toEqual({});
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/', '/tasks')).toBeNull();
    expect(matchPattern('/content/:contentId', '/content/%E0%A4%A')).toBeNull();
  });

  it('ranks static over dynamic over splat, so the first match of the sorted table is the router s', () => {
    const sorted = ['/*', '/admin/teams/:teamId', '/admin/teams/add-team'].sort(
      (a, b) => patternScore(b) - patternScore(a),
    );
    expect(sorted).toEqual(['/admin/teams/add-team', '/admin/teams/:teamId', '/*']);
  });
});

describe('the route chunk table', () => {
  const table: RouteChunkTable = {
    files: ['a/Layout.js', 'a/Layout.css', 'a/shared.js', 'a/Tasks.js', 'a/Team.js', 'a/NotFound.js'],
    needs: [[1, 2], [], [], [2], [2], []],
    routes: [
      ['/admin/teams/add-team', [0, 4], 1],
      ['/tasks', [0, 3], 1],
      ['/*', [5]],
    ],
  };

  it('gives the matching route s chunks and everything they import, once each', () => {
    expect(routeFiles(table, '/tasks').sort()).toEqual(
      ['a/Layout.css', 'a/Layout.js', 'a/Tasks.js', 'a/shared.js'].sort(),
    );
    expect(routeFiles(table, '/nowhere')).toEqual(['a/NotFound.js']);
  });

  it('adds JavaScript as module preloads and CSS as style preloads, as Vite later asks for them', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = ROUTE_CHUNKS_ID;
    script.textContent = JSON.stringify(table);
    document.head.append(script);
    try {
      preloadRoute('/tasks');
      const links = [...document.head.querySelectorAll('link')].map((link) => [
        link.rel,
        link.getAttribute('as'),
        link.getAttribute('href'),
        link.getAttribute('crossorigin'),
      ]);
      expect(links).toContainEqual(['modulepreload', null, '/a/Tasks.js', '']);
      expect(links).toContainEqual(['preload', 'style', '/a/Layout.css', '']);
      expect(links).toHaveLength(4);
    } finally {
      script.remove();
      for (const link of document.head.querySelectorAll('link')) link.remove();
    }
  });

  it('says which paths open inside the signed-in frame, from the same table', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = ROUTE_CHUNKS_ID;
    script.textContent = JSON.stringify(table);
    const doc = document.implementation.createHTMLDocument('');
    doc.head.append(script);
    expect(routeInFrame('/tasks', doc)).toBe(true);
    expect(routeInFrame('/admin/teams/add-team', doc)).toBe(true);
    expect(routeInFrame('/nowhere', doc)).toBe(false);
    expect(routeInFrame('/tasks', document.implementation.createHTMLDocument(''))).toBe(false);
  });

  it('knows every route pattern the early answers name', () => {
    const paths = new Set(readRouteTable().map((route) => route.path));
    for (const [pattern] of EARLY_ANSWERS) expect(paths).toContain(pattern);
  });
});

describe('the first screen s early answers', () => {
  it('asks for sign-in s answers at once, and for nothing of an event', () => {
    expect(earlyAnswersFor('/auth/login', null, false)).toEqual([
      '/api/setup',
      '/api/public/branding',
      '/api/public/sign-in-providers',
    ]);
    expect(earlyAnswersFor('/auth/login', EVENT, false)).toEqual([]);
  });

  it('asks for the answers of no member area once the event is known, params filled in', () => {
    expect(earlyAnswersFor('/tasks', null, true)).toEqual([]);
    expect(earlyAnswersFor('/', EVENT, true)).toEqual([
      `/api/events/${EVENT}/dashboard`,
      `/api/events/${EVENT}/my-time-table`,
      `/api/events/${EVENT}/navigation`,
    ]);
    expect(earlyAnswersFor('/admin/users', EVENT, true)).toEqual([`/api/events/${EVENT}/navigation`]);
  });

  it('asks for a member area s answers only once the shell names it open (a closed one is a 403)', () => {
    expect(earlyAnswersFor('/content/page-1', EVENT, true)).toEqual([`/api/events/${EVENT}/navigation`]);
    expect(earlyAnswersFor('/content/page-1', EVENT, true, ['content', 'notifications'])).toEqual([
      `/api/events/${EVENT}/my-content/page-1`,
      `/api/events/${EVENT}/my-notifications`,
    ]);
    expect(earlyAnswersFor('/suppliers', EVENT, true, ['content', 'tasks'])).toEqual([]);
    expect(earlyAnswersFor('/', EVENT, true, ['suppliers'])).toEqual([]);
  });

  it('names paths the screens ask for (each appears in the client code that asks for it)', () => {
    const sources = [
      'features/setup/api.ts',
      'features/auth/AuthLayout.tsx',
      'features/auth/ProviderButtons.tsx',
      'features/portal/api.ts',
      // The route descriptors of the modules that have them (decision 0067), then the rest.
      '../shared/timetable/routes.ts',
      '../shared/tasks/routes.ts',
      '../shared/suppliers/routes.ts',
      '../shared/notifications/routes.ts',
      '../shared/content/routes.ts',
      'features/people/teamsApi.ts',
    ]
      .map((file) => readFileSync(join(import.meta.dirname, '..', file), 'utf8'))
      .join('\n');
    for (const path of [
      ...EARLY_ANSWERS.flatMap(([, paths]) => paths),
      ...FRAME_ANSWERS.map(([frame]) => frame),
    ]) {
      // The last segment that is not a param, as the query functions write it.
      const tail = path
        .split('/')
        .filter((segment) => !segment.startsWith(':'))
        .slice(-1)[0];
      expect(sources, path).toMatch(new RegExp(`[/'\`]${tail.replace(/[-/]/g, '\\$&')}[\`'/]`));
    }
  });
});

describe('the first screen s largest image, named by an early answer', () => {
  it('reads the dashboard s header image, and nothing from other answers or odd values', () => {
    const dashboard = `/api/events/${EVENT}/dashboard`;
    const image = `/api/events/${EVENT}/files/f1?size=large`;
    expect(namesImage(dashboard)).toBe(true);
    expect(namesImage(`/api/events/${EVENT}/my-tasks`)).toBe(false);
    expect(imageOfAnswer(dashboard, { headerImage: image, cards: [] })).toBe(image);
    expect(imageOfAnswer(dashboard, { headerImage: null })).toBeNull();
    expect(imageOfAnswer(dashboard, { headerImage: 'https://elsewhere.example/x.png' })).toBeNull();
    expect(imageOfAnswer(dashboard, null)).toBeNull();
    expect(imageOfAnswer(`/api/events/${EVENT}/my-tasks`, { headerImage: image })).toBeNull();
  });

  it('names a field the dashboard s answer has (shared/portal/api.ts)', () => {
    const api = readFileSync(join(import.meta.dirname, '..', '..', 'shared', 'portal', 'api.ts'), 'utf8');
    for (const [, field] of EARLY_IMAGES) expect(api).toMatch(new RegExp(`\\b${field}\\??:`));
  });
});
