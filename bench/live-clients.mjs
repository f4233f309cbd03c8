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
  for (const cookie of cookies) {
    let count = 0;
    http.get(`${base}${path}`, { headers: { cookie }, agent }, (res) => {
      if (res.statusCode !== 200) {
        process.send({ error: `stream answered ${res.statusCode}` });
        return;
      }
      opened += 1;
      if (opened === cookies.length) process.send('open');
      res.setEncoding('utf8');
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
    });
  }
});
process.on('disconnect', () => process.exit(0));
