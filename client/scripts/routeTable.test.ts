import { describe, expect, it } from 'vitest';
import { readRouteTable } from './routeTable.mjs';

describe('the route table the bundle budget reads', () => {
  const routes = readRouteTable();
  const modulesOf = (path: string) => routes.find((route) => route.path === path)?.modules;

  it('finds every kind of route the router writes, each once', () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    expect(modulesOf('/auth/login')).toEqual(['client/features/auth/LoginScreen.tsx']);
    // A screen whose children only name sub-paths (the task drawer) is measured itself.
    expect(modulesOf('/tasks')).toEqual([
      'client/features/shell/SignedInLayout.tsx',
      'client/features/tasks/MyTasksScreen.tsx',
    ]);
    // From the settings list's .map, and from the notification screens spread in from another file.
    expect(modulesOf('/admin/event')?.at(-1)).toBe('client/features/settings/EventSettingsScreen.tsx');
    expect(modulesOf('/admin/notifications/add')?.at(-1)).toBe(
      'client/features/notifications/NotificationFormScreen.tsx',
    );
    expect(modulesOf('/')?.at(-1)).toBe('client/features/dashboard/DashboardScreen.tsx');
  });

  it('measures a layout through its screens, not on its own', () => {
    expect(routes.filter((r) => r.modules.at(-1) === 'client/features/shell/SignedInLayout.tsx')).toEqual([]);
  });
});
