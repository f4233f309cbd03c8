/**
 * Route descriptors (decision 0067): one HTTP route written once — its method, its path template
 * and, as types only, its query, body and answer — used by the server to register it
 * (server/platform/http/routeFrom.ts) and by the client to call it (`call` in client/lib/api.ts).
 *
 * This module loads no Zod: a module's table of descriptors names its shared schemas with
 * `import type` (`Answer<typeof schema>`), so a screen that calls a route loads no schema code
 * (decision 0041).
 */

import type { z } from 'zod';

/** What a shared response schema answers (types only: no schema code is loaded). */
export type Answer<S extends z.ZodType> = z.output<S>;
/** What a caller sends for a shared body or query schema (its input, before defaults). */
export type Sent<S extends z.ZodType> = z.input<S>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `{ eventId: string; sessionId: string }` from `/api/events/:eventId/sessions/:sessionId`. */
export type PathParams<P extends string> = string extends P
  ? Record<string, string>
  : { [K in ParamNames<P>]: string };

type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer After}`
    ? NameOf<Name> | ParamNames<`/${After}`>
    : NameOf<Rest>
  : never;
/** A name ends at a dot too (`:token.ics`). */
type NameOf<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The types a route carries: what a caller sends (query, body) and what it answers. */
export interface RouteTypes {
  query?: unknown;
  body?: unknown;
  answer?: unknown;
}

/**
 * One route. `types` exists in the type system only (its value is always undefined): a phantom
 * that carries the query, body and answer from the descriptor to both sides.
 */
export interface Route<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  T extends RouteTypes = RouteTypes,
> {
  readonly method: M;
  readonly path: P;
  readonly types?: T;
  /** The same route, typed with what its query string holds (the shared schema's input). */
  query<Q>(): Route<M, P, Omit<T, 'query'> & { query: Q }>;
  /** The same route, typed with the body a caller sends (the shared schema's input). */
  body<B>(): Route<M, P, Omit<T, 'body'> & { body: B }>;
  /** The same route, typed with its answer (`Answer<typeof responseSchema>`); none for a 204. */
  answer<A>(): Route<M, P, Omit<T, 'answer'> & { answer: A }>;
}

export type AnyRoute = Route<HttpMethod, string, RouteTypes>;
export type RouteQuery<R extends AnyRoute> =
  NonNullable<R['types']> extends { query: infer Q } ? Q : undefined;
export type RouteBody<R extends AnyRoute> = NonNullable<R['types']> extends { body: infer B } ? B : undefined;
export type RouteAnswer<R extends AnyRoute> =
  NonNullable<R['types']> extends { answer: infer A } ? A : undefined;
export type RouteParams<R extends AnyRoute> = PathParams<R['path']>;

function make<M extends HttpMethod, P extends string>(method: M, path: P): Route<M, P, RouteTypes> {
  const route: Route<M, P, RouteTypes> = {
    method,
    path,
    // The typing steps change no value: each answers the same descriptor, typed anew.
    query: () => route as never,
    body: () => route as never,
    answer: () => route as never,
  };
  return Object.freeze(route);
}

/** A route: `route('GET', '/api/events/:eventId/tracks').answer<Answer<typeof trackListSchema>>()`. */
export function route<M extends HttpMethod, const P extends string>(
  method: M,
  path: P,
): Route<M, P, Record<never, never>> {
  return make(method, path);
}

/** The route's address with its `:name` parameters filled in (each encoded). */
export function fillPath<P extends string>(path: P, params: PathParams<P>): string {
  const values = params as Record<string, string>;
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
