import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { markDraining } from './readiness';

/** Past this, a drain that still waits (a hung request or job) gives up and the process exits 1. */
export const DRAIN_TIMEOUT_MS = 30_000;

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
    await Promise.all(servers.map((server) => server?.close()));
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
