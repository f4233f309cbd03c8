import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The load balancer of the several-processes test (decision 0052): each request goes to the next
 * web process in turn, body and answer streamed both ways (an event stream stays open through it),
 * the client's address appended to X-Forwarded-For as a balancer does. It answers with
 * `x-backend: <index>` so a test can see who served what. node:http alone: a dozen lines say all
 * a round-robin does, where a proxy package would bring options the test does not need.
 */
export async function startRoundRobin(backends: string[]) {
  let next = 0;
  const server = http.createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % backends.length;
    const target = new URL(incoming.url ?? '/', backends[index]);
    const forwarded = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = http.request(
      target,
      { method: incoming.method, headers: { ...incoming.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    });
    // A client that goes away (a closed event stream) ends its upstream request too.
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
