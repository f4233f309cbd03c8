import type { ZodType } from 'zod';
import { AUTH_ERROR_MESSAGES } from '../../shared/auth/errors';
import { type ErrorIssue, errorBodySchema } from '../../shared/http/errors';
import { noteBuildOf } from './buildVersion';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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

function toApiError(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, issues, requestId } = parsed.data.error;
    return new ApiError(status, code, message, issues, requestId);
  }
  // A proxy or crash page instead of our error shape: the spec's wording for a bare status.
  return new ApiError(status, 'unknown', `Error: ${status}`);
}

async function request(method: Method, path: string, body: unknown): Promise<unknown> {
  const isMutation = method !== 'GET';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: isMutation
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      // The server refuses mutations without a JSON body (CSRF defence), so send `{}` when empty.
      body: isMutation ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch {
    throw new ApiError(0, 'auth/network-request-failed', AUTH_ERROR_MESSAGES['auth/network-request-failed']);
  }
  noteBuildOf(response);
  const json = await readJson(response);
  if (!response.ok) throw toApiError(response.status, json);
  return json;
}

function parseWith<T>(schema: ZodType<T>, json: unknown, label: string): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  // The contract and the server disagree: log for developers, show users the default error text.
  console.error(`Unexpected response from ${label}`, parsed.error.issues);
  throw new Error(`Unexpected response from ${label}`);
}

function mutation(method: Method) {
  function call(path: string, body?: unknown): Promise<unknown>;
  function call<T>(path: string, body: unknown, schema: ZodType<T>): Promise<T>;
  async function call<T>(path: string, body?: unknown, schema?: ZodType<T>): Promise<unknown> {
    const json = await request(method, path, body);
    return schema ? parseWith(schema, json, `${method} ${path}`) : json;
  }
  return call;
}

/** The one way the client talks to the server: JSON in and out, same-origin cookie session. */
export const api = {
  get: async <T>(path: string, schema: ZodType<T>): Promise<T> =>
    parseWith(schema, await request('GET', path, undefined), `GET ${path}`),
  post: mutation('POST'),
  put: mutation('PUT'),
  patch: mutation('PATCH'),
  delete: mutation('DELETE'),
};
