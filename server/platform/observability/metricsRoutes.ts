import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { httpDuration, httpRequests, registry, startProcessMetrics } from './metrics';

/**
 * Counts every answer by its route pattern. A request no route matched (a 404, the single-page
 * app's fallback) counts as `unmatched`: its raw URL could be anything a scanner sends.
 */
export function countRequests(app: FastifyInstance): void {
  // A callback hook: no promise per request (decision 0058).
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics on the public port, only to a scraper with the configured bearer token (401 to
 * anyone else). Hidden from the API docs: it is for the operator's Prometheus, not the client.
 */
export function serveMetricsWithToken(app: FastifyInstance, token: string): void {
  startProcessMetrics();
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: { code: 'unauthorized', message: 'Unauthorized', requestId: request.id } });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/**
 * A second, bare HTTP server for METRICS_PORT: only /metrics, no session, no client. Bind it to
 * an address only the scraper reaches (a private network, loopback behind an agent).
 */
export async function startMetricsServer(port: number, host: string): Promise<FastifyInstance> {
  startProcessMetrics();
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  await server.listen({ port, host });
  return server;
}
