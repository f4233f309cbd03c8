import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { CONTENT_ROUTES } from '../shared/content/routes';
import { DOWNLOAD_ROUTES } from '../shared/downloads/routes';
import type { AnyRoute } from '../shared/http/route';
import { NOTIFICATION_ROUTES } from '../shared/notifications/routes';
import { SHORTCUT_ROUTES } from '../shared/shortcuts/routes';
import { SUPPLIER_ROUTES } from '../shared/suppliers/routes';
import { TASK_ROUTES } from '../shared/tasks/routes';
import { TIMETABLE_ROUTES } from '../shared/timetable/routes';
import { contentRoutes } from './modules/content/routes';
import { downloadsRoutes } from './modules/downloads/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { shortcutsRoutes } from './modules/shortcuts/routes';
import { suppliersRoutes } from './modules/suppliers/routes';
import { tasksRoutes } from './modules/tasks/routes';
import { teamTaskRoutes } from './modules/tasks/threads/routes';
import { taskUploadRoutes } from './modules/tasks/threads/uploads/routes';
import { timetableRoutes } from './modules/timetable/routes';
import type { AppContext } from './platform/context';
import { createGuards } from './platform/http/guards';
import type { RouteModule } from './platform/http/types';

/**
 * Decision 0067: the modules whose routes are registered from shared descriptors, with the
 * descriptor tables and the client folders calling them. The list only grows: a module is added
 * when its routes.ts files and its client calls are converted, and then no route of it may be
 * registered with a path of its own, nor may its client call the API by a written path.
 */
const CONVERTED: {
  module: string;
  client: string;
  /** The module's route functions, as the app mounts them (server/app.ts). */
  mount: RouteModule[];
  routes: Record<string, AnyRoute>[];
}[] = [
  { module: 'timetable', client: 'timetable', mount: [timetableRoutes], routes: [TIMETABLE_ROUTES] },
  { module: 'shortcuts', client: 'shortcuts', mount: [shortcutsRoutes], routes: [SHORTCUT_ROUTES] },
  { module: 'downloads', client: 'downloads', mount: [downloadsRoutes], routes: [DOWNLOAD_ROUTES] },
  { module: 'content', client: 'content', mount: [contentRoutes], routes: [CONTENT_ROUTES] },
  {
    module: 'notifications',
    client: 'notifications',
    mount: [notificationsRoutes],
    routes: [NOTIFICATION_ROUTES],
  },
  { module: 'suppliers', client: 'suppliers', mount: [suppliersRoutes], routes: [SUPPLIER_ROUTES] },
  {
    module: 'tasks',
    client: 'tasks',
    mount: [tasksRoutes, teamTaskRoutes, taskUploadRoutes],
    routes: [TASK_ROUTES],
  },
];

const ROOT = join(__dirname, '..');

/**
 * Client files of converted features that still write an address of a module without descriptors,
 * each with why; a line goes when that module gets its table.
 */
const WRITTEN_PATH_EXCEPTIONS: { file: string; reason: string }[] = [
  {
    file: 'client/features/content/fileSectionEditors.tsx',
    reason:
      "a stored file's link (/api/events/:eventId/files/:fileId): the files module has no descriptors yet",
  },
];

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);

/** `app.get(`, `app.route(`… : a route registered with a path written in place. */
const DIRECT_REGISTRATION =
  /\bapp\s*\.\s*(get|head|post|put|patch|delete|options|all|route)\s*(<[^>]*>)?\s*\(/;
/** `api.get(…)`, `api.post<…>(…)`: a call by a written path. */
const PATH_CALL = /\bapi\s*\.\s*(get|post|put|patch|delete)\s*(<|\()/;
/** An API address written in the client (in quotes or a template). */
const WRITTEN_PATH = /['"`]\/api\//;

describe.each(CONVERTED)('$module: routes and calls from descriptors', ({ module, client, routes }) => {
  it('registers every route through routeFrom, none with a path of its own', () => {
    const files = filesUnder(join(ROOT, 'server', 'modules', module), (name) => name === 'routes.ts');
    expect(files.length).toBeGreaterThan(0);
    const direct = files.filter((file) => DIRECT_REGISTRATION.test(readFileSync(file, 'utf8')));
    expect(direct.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it('calls the API only by descriptor in the client: no api.get(path), no written /api/ path', () => {
    const files = filesUnder(join(ROOT, 'client', 'features', client), isSource);
    expect(files.length).toBeGreaterThan(0);
    const offenders = files
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        const excepted = WRITTEN_PATH_EXCEPTIONS.some((entry) => join(ROOT, entry.file) === file);
        return PATH_CALL.test(text) || (!excepted && WRITTEN_PATH.test(text));
      })
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('gives each descriptor one method and path, none written twice', () => {
    const keys = routes.flatMap((table) => Object.values(table)).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

/**
 * A context whose every member is a function that does nothing and answers another such member:
 * enough for a route function that registers something else too (a job), and nothing is run.
 */
const inert: unknown = new Proxy(() => inert, { get: () => inert });
const inertContext = inert as AppContext;

describe.each(CONVERTED)('$module: the server registers', ({ module, mount, routes }) => {
  it('every route from a descriptor of its table, and every descriptor once', async () => {
    // A bare app that only records what is registered: the module's own route functions are
    // called as the app calls them; nothing is compiled or served.
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    const seen: { key: string; described: boolean }[] = [];
    app.addHook('onRoute', (route) => {
      if (route.method === 'HEAD') return;
      seen.push({ key: `${route.method} ${route.url}`, described: route.config?.routeDescriptor === true });
    });
    const guards = createGuards({
      findSession: async () => null,
      findMembership: async () => null,
      findApiToken: async () => null,
    });
    for (const register of mount) register(app, inertContext, guards);
    await app.close();

    const declared = routes.flatMap((table) => Object.values(table)).map((r) => `${r.method} ${r.path}`);
    expect(
      seen.filter((route) => !route.described).map((route) => route.key),
      module,
    ).toEqual([]);
    expect(seen.map((route) => route.key).sort()).toEqual([...declared].sort());
  });
});
