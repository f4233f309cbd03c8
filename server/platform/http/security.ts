import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Headers, rate limits and CSRF defence. A mutation must be JSON or carry X-Requested-With:
 * neither can be produced by a cross-site HTML form, and the session cookie is SameSite=Lax.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    hsts: config.cookieSecure,
  });
  if (config.rateLimitPerMinute > 0) {
    await app.register(rateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute' });
  }
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method) || !request.url.startsWith('/api/')) return;
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith('application/json') || request.headers['x-requested-with']) return;
    throw new AppError(415, 'validation', 'Send the request body as JSON.');
  });
}
