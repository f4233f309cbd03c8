import type { App } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route anyone may call (sign-in, guest pages); every other /api route lists its guards. */
    public?: boolean;
  }
}

/**
 * Holds the request shape as a mechanism: guards run in `preValidation` (authentication before
 * body validation), and a route without guards must say it is public. A route that breaks
 * either rule stops the app at start-up, so every test run catches it.
 */
export function requireGuardedRoutes(app: App): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const where = `${route.method} ${route.url}`;
    if (route.preHandler) throw new Error(`${where}: guards belong in preValidation, not preHandler`);
    const guarded = Array.isArray(route.preValidation)
      ? route.preValidation.length > 0
      : !!route.preValidation;
    if (!guarded && route.config?.public !== true) {
      throw new Error(`${where}: list its guards in preValidation or mark it config.public`);
    }
  });
}
