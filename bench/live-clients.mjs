// The clients of bench/live.bench.ts, in a process of their own so that their sockets and parsing
// cost the server's process nothing (and its memory figures hold only the server's side).
// Forked with IPC: { base, path, cookies } in; 'open' once every stream answered 200, then one
// { round, first, last } per signal once every stream has received it (epoch ms, sub-ms precise).
import http from 'node:http';

const now = () => performance.timeOrigin + performance.now();

process.once('message', ({ base, path, cookies }) => {
  const arrivals = new Map();
  let opened = 0;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  // Opened a few at a time, as tabs would: 1,000 at once would time out in the server's backlog.
  const queue = [...cookies];
  const openNext = () => {
    const cookie = queue.shift();
    if (!cookie) return;
    let count = 0;
    const request = http.get(
      `${base}${path}`,
      { headers: { cookie, accept: 'text/event-stream' }, agent },
      (res) => {
        if (res.statusCode !== 200) {
          process.send({ error: `stream answered ${res.statusCode}` });
          return;
        }
        opened += 1;
        if (opened === cookies.length) process.send('open');
        openNext();
        res.setEncoding('utf8');
        res.on('error', () => {});
        res.on('data', (chunk) => {
          const at = now();
          for (const line of chunk.split('\n')) {
            if (!line.startsWith('data: ')) continue;
            count += 1;
            const seen = arrivals.get(count) ?? { n: 0, first: at, last: at };
            seen.n += 1;
            seen.last = at;
            arrivals.set(count, seen);
            if (seen.n === cookies.length) process.send({ round: count, first: seen.first, last: seen.last });
          }
        });
      },
    );
    request.on('error', () => {});
  };
  for (let i = 0; i < 20; i++) openNext();
});
process.on('disconnect', () => process.exit(0));
