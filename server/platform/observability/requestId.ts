import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a load balancer or another service already gave the request is kept, so one id follows
 * it through every hop's logs; only a short, plain token, since it is logged and echoed back
 * (nothing that could forge a log line or carry markup). Anything else gets a fresh UUID.
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
}

/** Every answer names its request id, success or failure. */
export function echoRequestId(app: FastifyInstance): void {
  // A callback hook: no promise per request (decision 0058).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
