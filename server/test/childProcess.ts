import { type ChildProcess, spawn } from 'node:child_process';
import { onTestFinished } from 'vitest';

/**
 * A TypeScript script of the tests run as a real node process (tsx as a loader, so that a SIGKILL
 * ends the very process that does the work): the kill tests, the several-processes fleet and the
 * cron workers. Its stdout is read as JSON lines (a line starting with `{`), its stderr kept for
 * the failure message. Every process started here is killed (SIGKILL) when the test ends,
 * whatever happened.
 */
export type ScriptProcess = {
  child: ChildProcess;
  /** The JSON lines printed so far, in order. */
  lines: Record<string, unknown>[];
  /** How it ended, once its output has been read to the end. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its stderr so far. */
  errors(): string;
  /**
   * The first JSON line (printed already, or to come) that `match` accepts. Rejects when the
   * process ends first, or after `timeoutMs`, with what it wrote to stderr.
   */
  line<T = Record<string, unknown>>(
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
};

export function startScript(
  name: string,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): ScriptProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines: Record<string, unknown>[] = [];
  const waiting = new Set<() => void>();
  let errors = '';
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    partial += chunk.toString();
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const text of complete) if (text.startsWith('{')) lines.push(JSON.parse(text));
    for (const check of waiting) check();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  // 'close', not 'exit': by then stdout has been read to its end (a last line without its newline too).
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      if (partial.startsWith('{')) lines.push(JSON.parse(partial));
      partial = '';
      resolve({ code, signal });
      for (const check of waiting) check();
    }),
  );
  const line = <T>(match: (line: Record<string, unknown>) => boolean, timeoutMs = 60_000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`${name}: no such line in ${timeoutMs} ms; stderr: ${errors}`));
      }, timeoutMs);
      const check = () => {
        const found = lines.find(match);
        const gone = child.exitCode !== null || child.signalCode !== null;
        if (!found && !gone) return;
        waiting.delete(check);
        clearTimeout(timer);
        if (found) resolve(found as T);
        else
          reject(new Error(`${name} ended (${child.exitCode ?? child.signalCode}) first; stderr: ${errors}`));
      };
      waiting.add(check);
      check();
    });
  return { child, lines, ended, errors: () => errors, line };
}
