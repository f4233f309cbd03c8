/**
 * The load generator of the throughput benches (decision 0061): wrk (C, `apt-get install wrk`) when
 * installed, autocannon (JavaScript, in this process) otherwise, and the CPU accounting that tells
 * the generator's own share of the two cores from /proc.
 *
 * wrk's summary comes out of a Lua `done` hook as one JSON line (its own text output rounds the
 * figures); its CPU is read as this process's ended children's (cutime + cstime), so a bench's
 * servers, children still running, are not counted in it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const CLOCK_TICKS = 100;

function statFields(pid: number | undefined): string[] {
  return readFileSync(`/proc/${pid ?? 'self'}/stat`, 'utf8')
    .split(') ')[1]
    .split(' ');
}

/** utime + stime of a process (this one when pid is undefined), in ms. */
export function cpuMs(pid: number | undefined): number {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * cutime + cstime of this process, in ms: the CPU of its children that have ended and been waited
 * for. wrk runs as a child that ends with its case; the servers (children too) are still running
 * then and not counted, so the change across a case is wrk's own CPU.
 */
function endedChildrenCpuMs(): number {
  const fields = statFields(undefined);
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
}

export type Generator = 'wrk' | 'autocannon';

function wrkInstalled(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version prints its banner and exits 1; only a missing binary is ENOENT.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** BENCH_LOADGEN=wrk|autocannon|both picks; unset: wrk when installed, else autocannon. */
export function generators(): Generator[] {
  const asked = process.env.BENCH_LOADGEN;
  if (asked === 'both') return ['wrk', 'autocannon'];
  if (asked === 'wrk' || asked === 'autocannon') return [asked];
  if (asked) throw new Error(`BENCH_LOADGEN=${asked}: wrk, autocannon or both`);
  return wrkInstalled() ? ['wrk'] : ['autocannon'];
}

/** BENCH_WRK_THREADS (default 1): threads per wrk process. */
export const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);
/** wrk's summary as one parseable line (its own text output rounds the figures). */
const WRK_SCRIPT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK_JSON {\\"requests\\":%d,\\"duration_us\\":%d,\\"socket_errors\\":%d,\\"status_errors\\":%d,\\"p50_us\\":%d,\\"p99_us\\":%d}\\n",
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;
let wrkScriptPath: string | undefined;
function wrkScript(): string {
  if (!wrkScriptPath) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
    wrkScriptPath = join(dir, 'summary.lua');
    writeFileSync(wrkScriptPath, WRK_SCRIPT);
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return wrkScriptPath;
}

/** One url loaded for durationS seconds over `connections` connections, with these headers. */
export type Load = { url: string; connections: number; headers: Record<string, string>; durationS: number };

export type Run = { requests: number; rps: number; errors: number; non2xx: number; p50: number; p99: number };

/** One wrk process on one url; resolves once it has ended (and been waited for). */
function runWrk({ url, connections, headers, durationS }: Load): Promise<Run> {
  const args = ['-t', String(Math.min(WRK_THREADS, connections)), '-c', String(connections)];
  // autocannon's default timeout (wrk's is 2 s: on a loaded machine a slow answer counted as an error).
  args.push('-d', `${durationS}s`, '--timeout', '10s', '-s', wrkScript());
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const json = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
      if (code !== 0 || !json) return reject(new Error(`wrk ${args.join(' ')} exited ${code}: ${out}`));
      const r = JSON.parse(json.slice('WRK_JSON '.length)) as {
        requests: number;
        duration_us: number;
        socket_errors: number;
        status_errors: number;
        p50_us: number;
        p99_us: number;
      };
      resolve({
        requests: r.requests,
        rps: r.requests / (r.duration_us / 1e6),
        errors: r.socket_errors,
        // wrk counts answers with a status above 399; the portal's answers here are 200 or an error.
        non2xx: r.status_errors,
        p50: r.p50_us / 1000,
        p99: r.p99_us / 1000,
      });
    });
  });
}

async function runAutocannon({ url, connections, headers, durationS }: Load): Promise<Run> {
  const r = await autocannon({ url, connections, duration: durationS, headers });
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    errors: r.errors,
    non2xx: r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
  };
}

/** One load of one url by the generator given; resolves with its figures once it has ended. */
export function runLoad(generator: Generator, load: Load): Promise<Run> {
  return generator === 'wrk' ? runWrk(load) : runAutocannon(load);
}

/**
 * The load generator's CPU so far, in ms: autocannon runs in this process; wrk in children that
 * have ended once their runLoad resolved. Take it before and after a case: the change is the
 * generator's own CPU (the servers, children still running, are not counted).
 */
export function loaderCpuMs(generator: Generator): number {
  return generator === 'wrk' ? endedChildrenCpuMs() + cpuMs(undefined) : cpuMs(undefined);
}
