import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT_DIR } from '../platform/paths';

/**
 * The operator CLI as a real process, for tests that check what an operator sees: exit codes,
 * stdout and stderr. Bundled as scripts/build-server.mjs does, but inside .tmp (dist/ belongs to
 * the build), so that each run starts in a third of the time tsx needs; the bundle finds the
 * project root from its own path.
 */
export type CliRun = { code: number | null; stdout: string; stderr: string };
export type CliBundle = {
  /** Runs one command with only the environment given (no inherited DATABASE_URL or DATA_DIR). */
  run(env: Record<string, string>, args: string[], input?: string): Promise<CliRun>;
  remove(): void;
};

export async function bundleCli(name: string): Promise<CliBundle> {
  const outdir = join(ROOT_DIR, '.tmp', `${name}-${process.pid}`);
  await build({
    entryPoints: { cli: join(ROOT_DIR, 'server/cli.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  const cli = join(outdir, 'cli.js');
  return {
    run: (env, args, input) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [cli, ...args], {
          cwd: ROOT_DIR,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => {
          stdout += c.toString();
        });
        child.stderr.on('data', (c: Buffer) => {
          stderr += c.toString();
        });
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
        // A typed confirmation, as an operator would type it; nothing typed is an empty line.
        child.stdin.end(input ?? '');
      }),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
