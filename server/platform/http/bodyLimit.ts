import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Beyond this a sender is not worth reading: the connection is cut instead. */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

function drain(stream: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    stream.on('end', resolve);
    stream.on('error', () => resolve());
    stream.resume();
  });
}

/**
 * A JSON body announced larger than the limit is answered 413 in the error shape. Fastify would
 * refuse it before reading and close the socket while the client is still writing, which the
 * client sees as a broken pipe (EPIPE) rather than an answer; so the body is read and thrown away
 * first (up to a bound). Multipart uploads have their own, larger limit.
 */
export function answerOversizedBodies(app: FastifyInstance, limitBytes: number): void {
  // A callback hook: the requests within the limit (all but a few) cost no promise (decision 0058).
  app.addHook('onRequest', (request, _reply, done) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (!(length > limitBytes) || request.headers['content-type']?.startsWith('multipart/')) return done();
    const refuse = () => done(new AppError(413, 'payload-too-large', 'The request is too large.'));
    if (length <= DRAIN_LIMIT_BYTES) void drain(request.raw).then(refuse);
    else refuse();
  });
}
