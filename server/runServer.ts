import type { Logger } from 'pino';
import { buildApp } from './app';
import { dispatchStuckEmails } from './modules/emails/jobs';
import { dispatchStuckSubmissionEvents } from './modules/submissions/saved/service';
import { openRuntime } from './platform/bootstrap';
import type { Config } from './platform/config';
import { exitOnSignals } from './platform/observability/drain';
import { startMetricsServer } from './platform/observability/metricsRoutes';

/** Where a started process answers: its web port (none for a worker-only process) and metrics. */
export type Serving = { url?: string; metricsUrl?: string };

/**
 * One server process as `npm start` runs it (main.ts), also started by the several-processes test
 * (server/test/fleetProcess.ts): web and queue (WORKER=on), web only (off) or the queue only (only,
 * decision 0052). A worker-only process builds the app all the same, since that registers every
 * job's handler and schedule, but listens on no web port.
 */
export async function runServer(config: Config, logger: Logger, options: { serveClient: boolean }) {
  const started = performance.now();
  const runtime = await openRuntime(config, 'server', logger);
  const { ctx } = runtime;
  const app = await buildApp(ctx, {
    logger,
    serveClient: options.serveClient && config.web,
    requests: runtime.requests,
  });
  await ctx.jobs.start();
  await dispatchStuckEmails(ctx);
  await dispatchStuckSubmissionEvents(ctx);
  const url = config.web ? await app.listen({ port: config.port, host: config.host }) : undefined;
  const metricsServer =
    config.metrics.port !== undefined
      ? await startMetricsServer(config.metrics.port, config.host)
      : undefined;
  const metricsUrl = metricsServer?.listeningOrigin;
  if (metricsServer) logger.info(`metrics on ${metricsUrl} (/metrics)`);
  const shown = `http://localhost:${config.port}`;
  const db =
    ctx.database.kind === 'pglite'
      ? `PGlite in ${ctx.database.location}`
      : `PostgreSQL at ${ctx.database.location}`;
  const ms = Math.round(performance.now() - started);
  if (config.web) {
    logger.info(
      { url: shown, database: ctx.database.kind, worker: config.worker, ms },
      `Event Portal serving on ${shown} (database: ${db}; email: ${ctx.mailer.kind === 'smtp' ? 'SMTP' : 'outbox, links printed here'}${config.worker ? '' : '; jobs: left to the worker processes'})`,
    );
  } else {
    logger.info(
      { database: ctx.database.kind, ms },
      `Event Portal worker working the job queue (database: ${db}; no web port)`,
    );
  }
  exitOnSignals([app, metricsServer], () => runtime.shutdown(), logger);
  return { url, metricsUrl } satisfies Serving;
}
