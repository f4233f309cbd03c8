import pino from 'pino';
import { buildApp } from './app';
import { dispatchStuckEmails } from './modules/emails/jobs';
import { dispatchStuckSubmissionEvents } from './modules/submissions/saved';
import { openRuntime } from './platform/bootstrap';
import { loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/lock';
import { exitOnSignals } from './platform/observability/drain';
import { startMetricsServer } from './platform/observability/metricsRoutes';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  let runtime: Awaited<ReturnType<typeof openRuntime>>;
  try {
    runtime = await openRuntime(config, 'server', logger);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      logger.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { ctx } = runtime;
  const app = await buildApp(ctx, { logger, serveClient: true, requests: runtime.requests });
  await ctx.jobs.start();
  await dispatchStuckEmails(ctx);
  await dispatchStuckSubmissionEvents(ctx);
  await app.listen({ port: config.port, host: config.host });
  const metricsServer =
    config.metrics.port !== undefined
      ? await startMetricsServer(config.metrics.port, config.host)
      : undefined;
  if (metricsServer) logger.info(`metrics on port ${config.metrics.port} (/metrics)`);
  const url = `http://localhost:${config.port}`;
  const db =
    ctx.database.kind === 'pglite'
      ? `PGlite in ${ctx.database.location}`
      : `PostgreSQL at ${ctx.database.location}`;
  logger.info(
    { url, database: ctx.database.kind, ms: Math.round(performance.now() - started) },
    `Event Portal serving on ${url} (database: ${db}; email: ${ctx.mailer.kind === 'smtp' ? 'SMTP' : 'outbox, links printed here'})`,
  );

  exitOnSignals([app, metricsServer], () => runtime.shutdown(), logger);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
