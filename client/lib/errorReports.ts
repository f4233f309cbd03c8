/**
 * Browser error reports (decision 0043): off unless the server put a Sentry-compatible DSN in the
 * page (`<meta name="error-reports-dsn">`, from SENTRY_BROWSER_DSN or SENTRY_DSN). Only then is the
 * SDK fetched, by a dynamic import, so nothing of it is in any screen's first frame. What happens
 * before it arrives (an error while starting) is kept and sent once it has.
 */
import type { ApiError } from './api';

export interface ErrorContext {
  /** Tags to search reports by: the server's request id links a 5xx to the server's own report. */
  tags?: Record<string, string>;
  /** Where it was caught: the error screen, a rejected promise, a 5xx answer. */
  source: 'error-screen' | 'unhandled-rejection' | 'uncaught-error' | 'server-error';
}

export interface ErrorReportsSdk {
  capture(error: unknown, context: ErrorContext): void;
}

type Load = () => Promise<{ startSdk: (dsn: string) => ErrorReportsSdk }>;

const QUEUE_LIMIT = 20;
let sdk: ErrorReportsSdk | null = null;
let queue: [unknown, ErrorContext][] | null = null;

export function browserDsn(doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="error-reports-dsn"]')?.content || null;
}

/** Errors of the page before the SDK is there; the SDK's own handlers take over once it is. */
function onEarlyError(event: ErrorEvent) {
  reportError(event.error ?? event.message, { source: 'uncaught-error' });
}
function onEarlyRejection(event: PromiseRejectionEvent) {
  reportError(event.reason, { source: 'unhandled-rejection' });
}

/**
 * Starts reporting when the page names a DSN; without one it returns at once and the SDK module is
 * never imported. `load` is the SDK module's import (a parameter for the tests).
 */
export async function startErrorReports(
  dsn: string | null = browserDsn(),
  load: Load = () => import('./errorReportsSdk'),
): Promise<void> {
  if (!dsn || sdk || queue) return;
  queue = [];
  window.addEventListener('error', onEarlyError);
  window.addEventListener('unhandledrejection', onEarlyRejection);
  try {
    const { startSdk } = await load();
    sdk = startSdk(dsn);
  } catch {
    // No reports (a blocker, an old tab after a deploy): the portal works the same without them.
  } finally {
    window.removeEventListener('error', onEarlyError);
    window.removeEventListener('unhandledrejection', onEarlyRejection);
    const waiting = queue ?? [];
    queue = null;
    for (const [error, context] of waiting) sdk?.capture(error, context);
  }
}

/** Sends an error when reports are on; does nothing (and loads nothing) when they are off. */
export function reportError(error: unknown, context: ErrorContext): void {
  if (sdk) sdk.capture(error, context);
  else if (queue && queue.length < QUEUE_LIMIT) queue.push([error, context]);
}

/** A 5xx answer (or none at all), tagged with the server's request id when it gave one. */
export function reportServerFailure(error: ApiError, method: string, path: string): void {
  const tags: Record<string, string> = { status: String(error.status), method };
  if (error.requestId) tags.requestId = error.requestId;
  // The route's shape, not its address: ids and query strings are scrubbed from it anyway.
  tags.path = path.split('?')[0];
  reportError(error, { source: 'server-error', tags });
}

/** For tests: forget the SDK and anything queued. */
export function resetErrorReportsForTests(): void {
  sdk = null;
  queue = null;
}
