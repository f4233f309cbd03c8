import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { markDraining } from './readiness';

/** Past this, a drain that still waits (a hung request or job) gives up and the process exits 1. */
export const DRAIN_TIMEOUT_MS = 30_000;
/** How often a closing server ends the keep-alive connections that went idle since it last looked. */
const REAP_IDLE_MS = 50;

/**
 * Fastify's close ends the connections that are idle at that moment, once. A connection whose
 * request was still being answered then stays open as keep-alive after its answer, for Fastify's
 * keepAliveTimeout (72 s), and the server's close waits for it: SIGTERM timed out (exit 1 after
 * 30 s) whenever a burst was in flight, which on PostgreSQL (requests answered side by side) was
 * every time. So while closing, connections are ended as soon as their last answer is sent.
 */
function reapIdleConnections(servers: (FastifyInstance | undefined)[]): () => void {
  const timer = setInterval(() => {
    for (const server of servers) server?.server.closeIdleConnections();
  }, REAP_IDLE_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * SIGTERM: readiness turns 503 first (the balancer stops sending), then the server stops accepting
 * and answers the requests in flight (Fastify's close; a request arriving meanwhile gets 503 and
 * the event streams end), then the runtime stops the queue (running jobs finish within pg-boss's
 * graceful stop, or stop beating and are retried by the next process) and closes the database.
 * Resolves with the exit code: 0 drained, 1 timed out.
 */
export async function drain(
  servers: (FastifyInstance | undefined)[],
  shutdownRuntime: () => Promise<void>,
  logger: Logger,
  timeoutMs = DRAIN_TIMEOUT_MS,
): Promise<number> {
  markDraining();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(1), timeoutMs);
    timer.unref();
  });
  const drained = (async () => {
    const stopReaping = reapIdleConnections(servers);
    try {
      await Promise.all(servers.map((server) => server?.close()));
    } finally {
      stopReaping();
    }
    await shutdownRuntime();
    return 0;
  })();
  const code = await Promise.race([drained, timedOut]);
  clearTimeout(timer);
  if (code === 0)
    logger.info(
      { ms: Math.round(performance.now() - started) },
      'drained: every request answered, queue stopped, database closed',
    );
  else
    logger.error(
      { timeoutMs },
      'drain timed out: exiting with work still running (the queue retries its jobs)',
    );
  return code;
}

/**
 * The process's SIGTERM and SIGINT: drain once (a second signal changes nothing), then exit with
 * the drain's code. Used by the server (main.ts) and by the test driver that runs one.
 */
export function exitOnSignals(
  servers: (FastifyInstance | undefined)[],
  shutdownRuntime: () => Promise<void>,
  logger: Logger,
): void {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal}: draining`);
    process.exit(await drain(servers, shutdownRuntime, logger));
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}
