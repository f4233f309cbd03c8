import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { browserReportOrigin } from '../observability/browserReports';
import { AppError } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The headers @fastify/helmet sends by default, with our content security policy (only our own
 * origin; Mantine needs inline style attributes). Built once: helmet builds them on every request,
 * which halved the throughput of a small JSON route here (docs/decisions/0003-hot-path.md).
 */
export function securityHeaders(
  config: Pick<Config, 'cookieSecure'> & Partial<Pick<Config, 'browserSentryDsn'>>,
): Record<string, string> {
  // Browser error reports (decision 0043) go straight to the DSN's host; Session Replay compresses
  // its recording in a worker it starts from a blob. Neither is allowed while reports are off.
  const reportOrigin = browserReportOrigin(config.browserSentryDsn);
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Branding images are addresses an admin enters (uploads come later), so any https image.
    "img-src 'self' data: blob: https:",
    // Videos play in the provider's own player, maps in Google's; PDF sections show our own files.
    "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://www.google.com",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    reportOrigin ? `connect-src 'self' ${reportOrigin}` : "connect-src 'self'",
    ...(reportOrigin ? ["worker-src 'self' blob:"] : []),
    ...(config.cookieSecure ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(config.cookieSecure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * What a hashed script or stylesheet needs of those headers: not to be sniffed as another type,
 * not to be read by another origin, and HTTPS only. The others speak to documents (a policy, framing,
 * referrers); the browser ignores them on a script, and at about 700 bytes on each of the 60-90 files a
 * screen loads over HTTP/1.1 they were a fifth of a phone's download (issue 22).
 */
export function assetHeaders(headers: Record<string, string>): Record<string, string> {
  const kept = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
  return Object.fromEntries(Object.entries(headers).filter(([name]) => kept.includes(name)));
}

/** The built client's hashed files (scripts/precompress.mjs, staticClient.ts). */
const isHashedAsset = (url: string) => url.startsWith('/assets/');

/**
 * Only the API counts: a page load fetches dozens of cached, pre-compressed static files, and a
 * venue's exhibitors often share one address, so counting those would refuse real people.
 */
export function countsTowardRateLimit(url: string): boolean {
  return url.startsWith('/api/');
}

/**
 * Headers, rate limits and CSRF defence. A mutation must be JSON or carry X-Requested-With:
 * neither can be produced by a cross-site HTML form, and the session cookie is SameSite=Lax.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  const forAssets = assetHeaders(headers);
  // Callback hooks, not async ones (decision 0058): an async hook costs a promise on every
  // request, and with AsyncLocalStorage on (transactions, the audit trail) every promise pays
  // Node 20's promise hooks too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isHashedAsset(request.url) ? forAssets : headers);
    done();
  });
  if (config.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => !countsTowardRateLimit(request.url),
    });
  }
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      refusedAsCrossSite(request)
        ? new AppError(415, 'validation', 'Send the request body as JSON.')
        : undefined,
    );
  });
}

/** A mutation of the API that a cross-site HTML form could have sent (neither JSON nor X-Requested-With). */
function refusedAsCrossSite(request: FastifyRequest): boolean {
  if (!MUTATING.has(request.method) || !request.url.startsWith('/api/')) return false;
  // CSRF rides on cookies; a bearer token is sent deliberately by its holder (decision 0030).
  if (request.headers.authorization?.startsWith('Bearer ')) return false;
  const type = request.headers['content-type'] ?? '';
  return !(type.startsWith('application/json') || request.headers['x-requested-with']);
}
