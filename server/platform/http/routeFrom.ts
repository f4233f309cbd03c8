import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AnyRoute, PathParams, RouteAnswer, RouteBody, RouteQuery } from '../../../shared/http/route';
import type { App } from './types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `routeFrom`: the route was registered from its shared descriptor (decision 0067). */
    routeDescriptor?: true;
  }
}

type Options<S extends FastifySchema> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;
type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The success answer's schema: the 200's, else the 201's; none for a 204 or a file. */
type SuccessSchema<S> = S extends { response: infer R }
  ? R extends { 200: infer A }
    ? A
    : R extends { 201: infer A }
      ? A
      : undefined
  : undefined;

/**
 * Holds the server's schemas to the descriptor's types, so server and client cannot drift apart:
 * the params schema names every `:name` of the path, the body and query schemas accept what the
 * client sends, and the success answer is exactly the descriptor's. A mismatch is a type error
 * naming the part that differs.
 */
type Matches<R extends AnyRoute, S> = (keyof PathParams<R['path']> extends never
  ? unknown
  : S extends { params: z.ZodType }
    ? keyof PathParams<R['path']> extends keyof Output<S['params']>
      ? unknown
      : { contractMismatch: 'the params schema does not name every :param of the path' }
    : { contractMismatch: 'a path with :params needs a params schema' }) &
  (RouteBody<R> extends undefined
    ? unknown
    : S extends { body: z.ZodType }
      ? RouteBody<R> extends Input<S['body']>
        ? unknown
        : { contractMismatch: "the body schema does not accept the descriptor's body" }
      : { contractMismatch: 'the descriptor has a body, the schema none' }) &
  (RouteQuery<R> extends undefined
    ? unknown
    : S extends { querystring: z.ZodType }
      ? RouteQuery<R> extends Input<S['querystring']>
        ? unknown
        : { contractMismatch: "the querystring schema does not accept the descriptor's query" }
      : { contractMismatch: 'the descriptor has a query, the schema none' }) &
  (Same<Output<SuccessSchema<S>>, RouteAnswer<R>> extends true
    ? unknown
    : { contractMismatch: "the success response schema's output is not the descriptor's answer" });

/**
 * Registers a route from its shared descriptor (decision 0067): the method and path come from the
 * descriptor (no path written twice), the schemas validate as always (params, querystring, body,
 * response) and are held to the descriptor's types, and the handler is typed by the schemas as
 * with `app.get`. Guards, config and the request shape are the route's own, as before.
 */
export function routeFrom<R extends AnyRoute, const S extends FastifySchema>(
  app: App,
  route: R,
  options: Options<S> & { schema: S } & Matches<R, S>,
  handler: Handler<S>,
): void {
  app.route({
    ...(options as Options<S>),
    method: route.method,
    url: route.path,
    config: { ...options.config, routeDescriptor: true },
    handler: handler as never,
  });
}
