import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database belongs to one process at a time. The holder writes its pid into
 * DATA_DIR/portal.lock; anyone else finds it and stops before opening the data.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly holder: { pid: number; role: string; port?: number },
    dataDir: string,
  ) {
    const who =
      holder.role === 'server'
        ? `the portal server (pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ''})`
        : `another command (pid ${holder.pid})`;
    super(
      `The data directory ${dataDir} is in use by ${who}. The embedded database can only be opened by one process at a time: stop it first, or point DATA_DIR at another directory.`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string, role: 'server' | 'cli', port?: number): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'portal.lock');
  const content = JSON.stringify({ pid: process.pid, role, port, startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, content, { flag: 'wx' });
      return () => {
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(path);
      if (holder && holder.pid !== process.pid && alive(holder.pid))
        throw new DataDirLockedError(holder, dataDir);
      unlinkSync(path); // A stale lock from a process that died: take over.
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function readHolder(path: string): { pid: number; role: string; port?: number } | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}
