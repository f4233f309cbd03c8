/**
 * Webhooks (issue 15): what one delivery costs the worker on top of the network: signing a 3 KB
 * body (Standard Webhooks HMAC-SHA256), the SSRF check with DNS answered in memory, and a signed
 * POST through the pinned connection to a receiver on the loopback interface.
 * `npx tsx bench/webhooks.bench.ts` (BENCH_SENDS=200 by default)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkDestination } from '../server/modules/webhooks/delivery/policy';
import { newWebhookSecret, sendWebhook, signWebhook } from '../server/modules/webhooks/delivery/service';
import { median, percentile } from './lib';

const SENDS = Number(process.env.BENCH_SENDS ?? 200);
const PUBLIC = async () => [{ address: '93.184.215.14', family: 4 as const }];

async function main() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const secret = newWebhookSecret();
  const items = Array.from({ length: 50 }, (_, i) => ({ i, label: 'x'.repeat(40) }));
  const body = JSON.stringify({ company: 'Harbour Lights', items });

  let started = performance.now();
  for (let i = 0; i < 10_000; i++) signWebhook(secret, `msg-${i}`, 1_700_000_000, body);
  console.log(
    `sign ${body.length} B body: ${(((performance.now() - started) / 10_000) * 1000).toFixed(1)} µs`,
  );

  started = performance.now();
  for (let i = 0; i < 10_000; i++)
    await checkDestination('https://crm.example.com/hook', { allowPrivate: false, resolve: PUBLIC });
  console.log(`SSRF check: ${(((performance.now() - started) / 10_000) * 1000).toFixed(1)} µs`);

  const times: number[] = [];
  for (let i = 0; i < SENDS; i++) {
    const request = { method: 'POST' as const, url, headers: {}, body, payload: {} };
    const result = await sendWebhook(
      request,
      { secret, messageId: `m${i}` },
      { allowPrivate: true, resolve: PUBLIC },
    );
    if (!result.ok) throw new Error(result.error);
    times.push(result.durationMs);
  }
  console.log(
    `signed POST to loopback, ${SENDS} sends: median ${median(times)} ms, p95 ${percentile(times, 95)} ms`,
  );
  server.close();
}

await main();
