import { randomUUID } from 'node:crypto';
import { scrubText } from '../../../shared/observability/scrub';
import type { BadRecord } from '../badRecords';

export { scrubText };

/**
 * Optional error reporting to a Sentry-compatible service (Sentry, self-hosted Sentry, GlitchTip),
 * off unless SENTRY_DSN is set (issue 19). It speaks the envelope protocol, a plain HTTP POST, so no
 * SDK sits in the server: an event is one JSON line after the envelope and item headers.
 *
 * What leaves, and what never does (personal data scrubbed, spec):
 * - an internal error: its type, its message with e-mail addresses and long tokens masked, its
 *   stack frames (file, function, line), the route pattern, the method and the request id;
 * - a stored record dropped by a reader: its kind, its id and the first failed check.
 * Never headers (so no cookie or Authorization), never a body or a query string (so no password or
 * link token), never an account, a name or an address. Spec sample rate "on error 1": every error
 * is sent; the traces and replay rates belong to the browser, which this file does not cover.
 */

export interface Dsn {
  /** The envelope endpoint: {protocol}//{host}{path}/api/{projectId}/envelope/ */
  endpoint: string;
  publicKey: string;
  raw: string;
}

/** Parses `https://<publicKey>@<host>[/<path>]/<projectId>`; anything else is a configuration error. */
export function parseDsn(raw: string): Dsn {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SENTRY_DSN: not a URL');
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId) || !/^https?:$/.test(url.protocol)) {
    throw new Error('SENTRY_DSN: expected https://<key>@<host>/<project id>');
  }
  const base = segments.length ? `/${segments.join('/')}` : '';
  return {
    endpoint: `${url.protocol}//${url.host}${base}/api/${projectId}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    raw: `${url.protocol}//${url.username}@${url.host}${base}/${projectId}`,
  };
}

interface Frame {
  filename: string;
  function: string;
  lineno?: number;
}

/** The stack's frames, innermost last (Sentry's order), with nothing but places in code. */
function framesOf(stack: string | undefined): Frame[] {
  if (!stack) return [];
  const frames: Frame[] = [];
  for (const line of stack.split('\n').slice(1, 40)) {
    const match = line.match(/^\s*at (?:(.+?) \()?(.+?):(\d+):\d+\)?$/);
    if (match) frames.push({ function: match[1] ?? '?', filename: match[2], lineno: Number(match[3]) });
  }
  return frames.reverse();
}

export interface RequestFacts {
  requestId: string;
  method: string;
  /** The route pattern (/api/events/:eventId/...), never the address with its ids and query. */
  route: string;
}

export interface ErrorReporter {
  captureError(error: unknown, request?: RequestFacts): void;
  captureBadRecord(record: BadRecord): void;
  /** Waits for the reports on their way (tests, and a draining process). */
  flush(): Promise<void>;
}

export function createErrorReporter(options: {
  dsn: string;
  release: string;
  environment: string;
  send?: typeof fetch;
  onSendFailure?: (error: unknown) => void;
}): ErrorReporter {
  const dsn = parseDsn(options.dsn);
  const send = options.send ?? fetch;
  const inFlight = new Set<Promise<void>>();
  const auth = `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=event-portal/${options.release}`;

  function post(event: Record<string, unknown>) {
    const eventId = randomUUID().replaceAll('-', '');
    const payload = JSON.stringify({
      event_id: eventId,
      timestamp: Date.now() / 1000,
      platform: 'node',
      release: options.release,
      environment: options.environment,
      ...event,
    });
    const envelope = `${JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: dsn.raw })}\n${JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) })}\n${payload}\n`;
    const sending = send(dsn.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
      body: envelope,
      signal: AbortSignal.timeout(5000),
    })
      .then(() => undefined)
      // A reporter that cannot report must never fail the request it reports on.
      .catch((error: unknown) => options.onSendFailure?.(error));
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  return {
    captureError(error, request) {
      const err = error instanceof Error ? error : new Error(String(error));
      post({
        level: 'error',
        exception: {
          values: [
            {
              type: err.name,
              value: scrubText(err.message),
              stacktrace: { frames: framesOf(err.stack) },
            },
          ],
        },
        ...(request
          ? {
              transaction: `${request.method} ${request.route}`,
              tags: { requestId: request.requestId, method: request.method, route: request.route },
            }
          : {}),
      });
    },
    captureBadRecord(record) {
      post({
        level: 'warning',
        message: { formatted: `${record.kind} left out: ${scrubText(record.issue)}` },
        tags: { kind: record.kind, recordId: record.id },
      });
    },
    async flush() {
      await Promise.all([...inFlight]);
    },
  };
}
