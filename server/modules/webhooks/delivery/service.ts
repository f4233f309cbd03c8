import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookRequest } from '../../../../shared/forms/webhooks';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '../../../../shared/webhooks/api';
import { checkDestination, type GuardOptions, UnsafeDestination } from './policy';

/**
 * Sending one signed webhook request (Standard Webhooks: webhook-id, webhook-timestamp and
 * webhook-signature 'v1,' + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed by the
 * secret's bytes). The destination is checked again here and the connection goes to the checked
 * address alone; redirects are not followed (a 3xx is a failed try) and the answer is read up to
 * a cap, so a receiver can neither steer the portal elsewhere nor exhaust its memory.
 */

export const SEND_TIMEOUT_MS = 10_000;
/** Read at most this much of an answer; the log keeps WEBHOOK_RESPONSE_KEEP_BYTES of it. */
const READ_LIMIT_BYTES = 64 * 1024;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export type SendResult = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseText: string;
  error: string;
};

/** Cuts text to a byte budget without splitting a character. */
export function cutText(text: string, bytes = WEBHOOK_RESPONSE_KEEP_BYTES): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  return buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

export async function sendWebhook(
  request: WebhookRequest,
  signing: { secret: string; messageId: string },
  guard: GuardOptions,
  now = new Date(),
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let destination: Awaited<ReturnType<typeof checkDestination>>;
  try {
    destination = await checkDestination(request.url, guard);
  } catch (error) {
    const message =
      error instanceof UnsafeDestination ? error.message : 'The destination could not be checked';
    return { ok: false, statusCode: null, durationMs: elapsed(), responseText: '', error: message };
  }
  const body = request.body ?? '';
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers: Record<string, string> = {
    'User-Agent': 'EventPortal-Webhooks/1',
    ...request.headers,
    'webhook-id': signing.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(signing.secret, signing.messageId, timestamp, body),
  };
  if (request.body !== null) headers['Content-Length'] = String(Buffer.byteLength(body));
  // The one address checked above, whatever name the URL carries (TLS still checks that name).
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: destination.address, family: destination.family }]);
    else callback(null, destination.address, destination.family);
  };
  const client = destination.url.protocol === 'https:' ? https : http;

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = client.request(
      destination.url,
      { method: request.method, headers, lookup: pinned, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const statusCode = res.statusCode ?? null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          const responseText = cutText(Buffer.concat(chunks).toString('utf8'));
          finish({ ok, statusCode, responseText, error: ok ? '' : `The receiver answered ${statusCode}` });
        };
        res.on('data', (chunk: Buffer) => {
          if (size < READ_LIMIT_BYTES) chunks.push(chunk.subarray(0, READ_LIMIT_BYTES - size));
          size += chunk.length;
          if (size >= READ_LIMIT_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, statusCode: null, responseText: '', error: 'No answer within 10 seconds' });
      req.destroy();
    }, SEND_TIMEOUT_MS);
    req.on('error', (error) =>
      finish({ ok: false, statusCode: null, responseText: '', error: error.message || 'The request failed' }),
    );
    req.end(request.body ?? undefined);
  });
}
