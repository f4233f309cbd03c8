import { AUTH_ERROR_MESSAGES } from '../../shared/auth/errors';
import type { ErrorBody, ErrorIssue } from '../../shared/http/errors';
import {
  type AnyRoute,
  fillPath,
  type HttpMethod,
  type RouteAnswer,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
} from '../../shared/http/route';
import { noteBuildOf } from './buildVersion';
import { takeEarly } from './earlyRequests';
import { reportServerFailure } from './errorReports';

/**
 * What a shared response schema describes: `api.get<Answer<typeof schema>>(path)`. Answers are
 * typed, not parsed, in the browser (decision 0041): the server's response schema already checks
 * and serializes every answer, and parsing them again put all of Zod in every screen's first frame.
 */
export type { Answer } from '../../shared/http/route';

/** A failed API call, carrying the server's stable error code so screens can react to it. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ErrorIssue[];
  /** The server's id for the request (its logs carry it), shown with a server failure for support. */
  readonly requestId?: string;

  constructor(status: number, code: string, message: string, issues: ErrorIssue[] = [], requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.requestId = requestId;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type Method = HttpMethod;
export type QueryValue = string | number | boolean | null | undefined;

/** Builds `?a=1&b=2`, leaving out empty values so URLs stay short and cacheable. */
export function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isIssue = (value: unknown): value is ErrorIssue =>
  typeof value === 'object' &&
  value !== null &&
  isText((value as ErrorIssue).message) &&
  Array.isArray((value as ErrorIssue).path) &&
  (value as ErrorIssue).path.every((part) => isText(part) || typeof part === 'number');

/**
 * The error shape (shared/http/errors, `errorBodySchema`) checked by hand: it is the one answer
 * the client reads fields of before any screen code runs, and a hand check keeps Zod out of the
 * first frame. Its test holds it to the schema's verdict on the same bodies.
 */
export function readErrorBody(body: unknown): ErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, issues, requestId } = error as Record<string, unknown>;
  if (!isText(code) || !isText(message)) return null;
  if (issues !== undefined && !(Array.isArray(issues) && issues.every(isIssue))) return null;
  if (requestId !== undefined && !isText(requestId)) return null;
  return {
    error: {
      code,
      message,
      ...(issues === undefined ? {} : { issues: issues.map(({ path, message }) => ({ path, message })) }),
      ...(requestId === undefined ? {} : { requestId }),
    },
  };
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = readErrorBody(body);
  if (parsed) {
    const { code, message, issues, requestId } = parsed.error;
    return new ApiError(status, code, message, issues, requestId);
  }
  // A proxy or crash page instead of our error shape: the spec's wording for a bare status.
  return new ApiError(status, 'unknown', `Error: ${status}`);
}

async function request(method: Method, path: string, body: unknown): Promise<unknown> {
  const isMutation = method !== 'GET';
  let response: Response;
  try {
    // The boot script may have asked already (decision 0053): its answer is taken once.
    const early = isMutation ? undefined : takeEarly(path);
    response = await (early ??
      fetch(path, {
        method,
        credentials: 'same-origin',
        headers: isMutation
          ? { Accept: 'application/json', 'Content-Type': 'application/json' }
          : { Accept: 'application/json' },
        // The server refuses mutations without a JSON body (CSRF defence), so send `{}` when empty.
        body: isMutation ? JSON.stringify(body ?? {}) : undefined,
      }));
  } catch {
    throw new ApiError(0, 'auth/network-request-failed', AUTH_ERROR_MESSAGES['auth/network-request-failed']);
  }
  noteBuildOf(response);
  const json = await readJson(response);
  if (!response.ok) {
    const error = toApiError(response.status, json);
    // A 5xx is the server's fault: reported (when reports are on) with its request id, which
    // links it to the server's own report of the same failure.
    if (response.status >= 500) reportServerFailure(error, method, path);
    throw error;
  }
  return json;
}

/** The answer as its contract types it (`T`, from `Answer<typeof schema>`); unknown when not named. */
const mutation =
  (method: Method) =>
  <T = unknown>(path: string, body?: unknown): Promise<T> =>
    request(method, path, body) as Promise<T>;

/**
 * The one way the client talks to the server: JSON in and out, same-origin cookie session. Answers
 * are typed by the shared response schemas (`Answer<typeof schema>`), not parsed: the server's
 * response schema is the check (decision 0041).
 */
export const api = {
  get: <T = unknown>(path: string): Promise<T> => request('GET', path, undefined) as Promise<T>,
  post: mutation('POST'),
  put: mutation('PUT'),
  patch: mutation('PATCH'),
  delete: mutation('DELETE'),
};

/** A route's query as a screen holds it: an empty value (null, undefined, '') is left out of the address. */
type QueryOf<Q> = { [K in keyof Q]?: Q[K] | null };

/** What `call` needs besides the route: the path's params, the query, the body — each only when the route has one. */
export type CallInput<R extends AnyRoute> = (keyof RouteParams<R> extends never
  ? { params?: undefined }
  : { params: RouteParams<R> }) &
  (RouteQuery<R> extends undefined ? { query?: undefined } : { query?: QueryOf<RouteQuery<R>> }) &
  (RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> });

type NoInputNeeded<R extends AnyRoute> = keyof RouteParams<R> extends never
  ? RouteBody<R> extends undefined
    ? true
    : false
  : false;

/** The address of a route with its params and query filled in: for links, downloads and uploads. */
export function routeUrl<R extends AnyRoute>(route: R, input: Omit<CallInput<R>, 'body'>): string {
  const path = fillPath(route.path, (input.params ?? {}) as RouteParams<R>);
  return input.query ? `${path}${toQueryString(input.query as Record<string, QueryValue>)}` : path;
}

/**
 * Calls a route by its shared descriptor (decision 0067): the path, its params, the query and the
 * body are typed by the descriptor, and so is the answer (typed, not parsed: decision 0041). No
 * path is written in the calling code.
 */
export function call<R extends AnyRoute>(
  route: R,
  ...input: NoInputNeeded<R> extends true ? [CallInput<R>?] : [CallInput<R>]
): Promise<RouteAnswer<R>> {
  const given = (input[0] ?? {}) as CallInput<R>;
  return request(route.method, routeUrl(route, given), given.body) as Promise<RouteAnswer<R>>;
}
