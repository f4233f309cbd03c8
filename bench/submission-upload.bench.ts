/**
 * Issue 20: a 50 MB file for a form's upload field (POST /my-forms/:formId/files) keeps the
 * server's memory flat. The server (bench/submission-upload/server.ts) runs in its own process;
 * its resident memory is sampled from /proc/<pid>/status every 10 ms while a PDF just under the
 * field's 50 MB is uploaded (streamed from disk by this process), then one just over (413).
 * From the repository root: `npx tsx bench/submission-upload.bench.ts` (BENCH_PORT=3760 by default)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePdf } from '../server/modules/files/samples';

const UNDER = 49_900_000;
const OVER = 52_000_000;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : 0;
}

/** A PDF of `size` bytes on disk: a real PDF's head, then random bytes. */
function pdfFile(dir: string, size: number): string {
  const path = join(dir, `upload-${size}.pdf`);
  const head = makePdf(['Bench stand plan']);
  const chunks = [head];
  for (let left = size - head.length; left > 0; left -= 1024 * 1024)
    chunks.push(randomBytes(Math.min(left, 1024 * 1024)));
  writeFileSync(path, Buffer.concat(chunks));
  return path;
}

/** Sends the file as multipart, streamed from disk: this process never holds it either. */
function upload(url: string, cookie: string, path: string, size: number): Promise<number> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          cookie,
          'x-requested-with': 'bench',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.write(head);
    const file = createReadStream(path);
    file.on('end', () => request.end(tail));
    file.pipe(request, { end: false });
  });
}

async function sampled(pid: number, work: () => Promise<number>) {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  const started = performance.now();
  try {
    const status = await work();
    return { status, before, peak, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'portal-upload-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'bench/submission-upload/server.ts'], {
    env: { ...process.env, BENCH_PORT: process.env.BENCH_PORT ?? '3760' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const target = await new Promise<{ url: string; cookie: string }>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.startsWith('{"url"'));
        if (line) resolve(JSON.parse(line));
      });
      server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    const pid = server.pid ?? 0;
    const under = pdfFile(dir, UNDER);
    const over = pdfFile(dir, OVER);
    const load = loadavg()[0]?.toFixed(1);
    const first = await sampled(pid, () => upload(target.url, target.cookie, under, UNDER));
    const refused = await sampled(pid, () => upload(target.url, target.cookie, over, OVER));
    const second = await sampled(pid, () => upload(target.url, target.cookie, under, UNDER));
    const show = (what: string, r: Awaited<ReturnType<typeof sampled>>) =>
      console.log(
        `${what}: ${r.status}, RSS ${r.before.toFixed(0)} -> peak ${r.peak.toFixed(0)} MB (+${(r.peak - r.before).toFixed(0)}), ${r.ms.toFixed(0)} ms`,
      );
    console.log(`submission-field upload, load ${load}`);
    show(`${(UNDER / 1e6).toFixed(1)} MB`, first);
    show(`${(OVER / 1e6).toFixed(1)} MB (over the limit)`, refused);
    show(`${(UNDER / 1e6).toFixed(1)} MB again`, second);
  } finally {
    server.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
