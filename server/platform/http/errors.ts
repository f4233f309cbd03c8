import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorIssue } from '../../../shared/http/errors';
import type { ErrorReporter } from '../observability/errorReports';
import { sendCompressedText } from './compression';

/** The one error type of the server; its code and message reach the client as they are. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not Found') => new AppError(404, 'not-found', message);
export const forbidden = (message = 'Forbidden') => new AppError(403, 'forbidden', message);
export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new AppError(400, 'validation', message, issues);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const authError = (status: number, code: `auth/${string}`, message: string) =>
  new AppError(status, code, message);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's message for a request that fails validation on this route ('Invalid user', ...). */
    invalidMessage?: string;
  }
}

/**
 * The error body, with the request's id: the client shows it with a failure ("Reference: ...")
 * so support can find the request's log lines by it.
 */
function body(request: FastifyRequest, code: string, message: string, issues?: ErrorIssue[]): ErrorBody {
  const requestId = String(request.id);
  return { error: issues?.length ? { code, message, issues, requestId } : { code, message, requestId } };
}

function pathOf(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/**
 * Failures Fastify answers before any route or hook runs (Fastify's `frameworkErrors`): a path
 * segment over the router's 100 characters (414), a URL that does not decode (400). In the error
 * shape like every other failure, without echoing the address (issue 12's fuzz found Fastify's own
 * body there, repeating the whole path).
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send(body(request, 'validation', 'The address is too long.'));
    return;
  }
  reply.status(400).send(body(request, 'validation', 'Bad Request'));
}

/** Every failure answers the same shape; stack traces stay in the log. */
export function registerErrorHandling(
  app: FastifyInstance,
  spaIndexHtml?: string,
  reporter?: Pick<ErrorReporter, 'captureError'>,
): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // Refused at validation: the route's own message for bad input, as a schema failure gets.
      const message =
        err.status === 400 && 'validationContext' in err
          ? (request.routeOptions.config.invalidMessage ?? err.message)
          : err.message;
      return reply.status(err.status).send(body(request, err.code, message, err.issues));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: pathOf(v.instancePath),
        message: v.message ?? 'Invalid',
      }));
      const message = request.routeOptions.config.invalidMessage ?? issues[0]?.message ?? 'Bad Request';
      return reply.status(400).send(body(request, 'validation', message, issues));
    }
    const status = err.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send(body(request, 'payload-too-large', 'The request is too large.'));
    if (status === 429) {
      const code = request.url.startsWith('/api/auth') ? 'auth/too-many-requests' : 'rate-limited';
      return reply.status(429).send(body(request, code, 'Too many requests. Please try again later.'));
    }
    if (status === 415)
      return reply.status(415).send(body(request, 'validation', 'Send the request body as JSON.'));
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(body(request, 'validation', status === 400 ? 'Bad Request' : err.message));
    }
    request.log.error({ err }, 'request failed');
    reporter?.captureError(err, {
      requestId: String(request.id),
      method: request.method,
      route: request.routeOptions.url ?? 'unknown route',
    });
    return reply.status(500).send(body(request, 'internal', 'Something went wrong. Please try again later'));
  });

  // Unknown API paths answer the error shape; any other GET is a client route of the single-page app.
  // The page is compressed here: the compression plugin's hooks do not reach this handler.
  const page = spaIndexHtml ? { value: spaIndexHtml } : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (page && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return sendCompressedText(request, reply.type('text/html').header('cache-control', 'no-cache'), page);
    }
    return reply.status(404).send(body(request, 'not-found', 'Not Found'));
  });
}
