import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes, startingRoutes } from './router';
import { createTestQueryClient } from './test/render';

/** Every screen's path in a table, its parameters filled in (`:formId` -> `formId1`). */
function screenPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent || '/';
    const own = route.path || route.index ? [path.replace(/:(\w+)/g, '$11').replace(/\*$/, 'all')] : [];
    return [...own, ...(route.children ? screenPaths(route.children, path) : [])];
  });
}

/** The router's patch, done by hand: the held-back route joins its parent's children. */
function patcher(routes: RouteObject[]) {
  const find = (list: RouteObject[], id: string): RouteObject | undefined => {
    for (const route of list) {
      if (route.id === id) return route;
      const found = route.children && find(route.children, id);
      if (found) return found;
    }
    return undefined;
  };
  return (id: string | null, children: RouteObject[]) => {
    const parent = id ? find(routes, id) : undefined;
    if (!parent?.children) throw new Error(`no route ${id} to patch into`);
    parent.children.push(...children);
  };
}

const leaf = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.at(-1)?.route ?? null;

describe('the route table the router starts with', () => {
  const all = createRoutes(createTestQueryClient());
  const paths = screenPaths(all);

  it('reaches every screen of the table, from any first page, once its section has joined', () => {
    expect(paths.length).toBeGreaterThan(100);
    const wanted = new Map(paths.map((path) => [path, leaf(all, path)]));
    for (const start of ['/', '/admin/forms', '/admin/forms/formId1', '/auth/login', '/tasks/taskId1']) {
      const table = startingRoutes(createRoutes(createTestQueryClient()), start);
      const patch = patcher(table.routes);
      for (const path of paths) {
        table.patchRoutesOnNavigation({
          path,
          matches: [],
          patch,
          signal: new AbortController().signal,
          fetcherKey: undefined,
        });
        const got = leaf(table.routes, path);
        const want = wanted.get(path);
        expect([path, got?.path, got?.index ?? false]).toEqual([path, want?.path, want?.index ?? false]);
      }
    }
  });

  it('starts without the sections the first page is not in, and with the whole way to it', () => {
    const fromHome = startingRoutes(all, '/').routes;
    // Before the admin section joins, /admin/forms meets only the not-found route.
    expect(leaf(fromHome, '/admin/forms')?.path).toBe('*');
    expect(leaf(fromHome, '/auth/login')?.path).toBe('*');
    expect(leaf(fromHome, '/my-account')?.path).toBe('my-account');
    const fromBuilder = startingRoutes(all, '/admin/forms/formId1').routes;
    expect(leaf(fromBuilder, '/admin/forms/formId1')?.path).toBe(':formId');
    expect(leaf(fromBuilder, '/admin/teams')?.path).toBe('*');
    const count = (routes: RouteObject[]): number =>
      routes.reduce((sum, route) => sum + 1 + count(route.children ?? []), 0);
    expect(count(fromHome)).toBeLessThan(count(all) / 2);
  });

  it("lets React Router's navigation patch a held-back section in and match inside it", async () => {
    const routes: RouteObject[] = [
      {
        id: 'root',
        children: [
          { index: true, element: null },
          {
            path: 'admin',
            children: [
              { index: true, element: null },
              { path: 'forms/:formId', element: null },
            ],
          },
          { path: '*', element: null },
        ],
      },
    ];
    const table = startingRoutes(routes, '/');
    const router = createMemoryRouter(table.routes, {
      initialEntries: ['/'],
      patchRoutesOnNavigation: table.patchRoutesOnNavigation,
    });
    await router.navigate('/admin/forms/f1');
    expect(router.state.matches.at(-1)?.route.path).toBe('forms/:formId');
    expect(router.state.matches.at(-1)?.params).toEqual({ formId: 'f1' });
    await router.navigate('/nowhere');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    router.dispose();
  });
});
