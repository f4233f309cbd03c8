import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../platform/db/client';
import type { Storage } from '../platform/storage';
import { type BackupSummary, writeBackupFile } from './backup';

/**
 * The embedded database belongs to the server while it runs, so a backup taken then is taken by
 * the server: the CLI asks it over a Unix socket named after DATA_DIR. One request per connection, one JSON line each way.
 */
export const SOCKET_NAME = 'portal.sock';
/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

type Request = { command: 'backup'; out: string };
type Answer = { ok: true; summary: BackupSummary } | { ok: false; error: string };

/**
 * Not inside DATA_DIR: Unix socket paths are short, and DATA_DIR can be long. (It once had to stay
 * out because PGlite's data dir was DATA_DIR itself and its dumpDataDir fails, errno 28, on a
 * socket file; PGlite now has DATA_DIR/db, decision 0039.) One path per data dir, in the temp folder.
 */
export function socketPathOf(dataDir: string): string {
  const id = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  return join(tmpdir(), `${SOCKET_NAME.replace('.sock', '')}-${id}.sock`);
}

export async function openControlSocket(
  dataDir: string,
  database: Database,
  storage: Storage,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const path = socketPathOf(dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    logger.warn({ path }, 'DATA_DIR path too long for the control socket: backups need the server stopped');
    return { close: async () => {} };
  }
  rmSync(path, { force: true }); // Left by a server that died: the data-dir lock says we own it now.
  const server: Server = createServer((socket) => {
    let line = '';
    let answered = false;
    socket.setEncoding('utf8');
    socket.on('data', async (chunk: string) => {
      line += chunk;
      if (answered || !line.includes('\n')) return;
      answered = true; // One request per connection: later bytes never start a second backup.
      let answer: Answer;
      try {
        const request = JSON.parse(line.slice(0, line.indexOf('\n'))) as Request;
        if (request.command !== 'backup' || !isAbsolute(request.out)) throw new Error('unknown request');
        logger.info({ out: request.out }, 'backup requested');
        answer = { ok: true, summary: await writeBackupFile(database, storage, request.out) };
      } catch (err) {
        logger.error({ err }, 'backup failed');
        answer = { ok: false, error: err instanceof Error ? err.message : JSON.stringify(err) };
      }
      socket.end(`${JSON.stringify(answer)}\n`);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/** Asks the running server for a backup; the archive is written by the server, at an absolute path. */
export function requestBackup(dataDir: string, out: string): Promise<BackupSummary> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPathOf(dataDir));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ command: 'backup', out })}\n`));
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('error', (err) => reject(new Error(`Could not reach the running server: ${err.message}`)));
    socket.on('end', () => {
      try {
        const answer = JSON.parse(reply) as Answer;
        if (answer.ok) resolve(answer.summary);
        else reject(new Error(`The server could not take the backup: ${answer.error}`));
      } catch {
        reject(new Error('The running server gave no answer to the backup request'));
      }
    });
  });
}
