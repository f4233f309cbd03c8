import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { BUILD_HEADER } from '../shared/events/version';
import { APP_VERSION } from '../shared/ui/constants';
import { assetsRoutes } from './modules/assets/routes';
import { auditRoutes } from './modules/audit/routes';
import { registerAuditJobs } from './modules/audit/service';
import { registerAuditTrail } from './modules/audit/wiring';
import { registerAuthJobs } from './modules/auth/recovery/service';
import { authRoutes } from './modules/auth/routes';
import { findSession } from './modules/auth/sessions/service';
import { brandingRoutes } from './modules/branding/routes';
import { contentRoutes } from './modules/content/routes';
import { downloadsRoutes } from './modules/downloads/routes';
import { editionsRoutes } from './modules/editions/routes';
import { registerEmailJobs } from './modules/emails/jobs';
import { emailsRoutes } from './modules/emails/responses/routes';
import { emailTemplateRoutes } from './modules/emails/templates/routes';
import { emailTrackingRoutes } from './modules/emails/tracking/routes';
import { eventsRoutes } from './modules/events/routes';
import { filesRoutes } from './modules/files/routes';
import { formsRoutes } from './modules/forms/routes';
import { liveRoutes } from './modules/live/routes';
import { findScopeMembership } from './modules/membership/queries';
import { notificationsRoutes } from './modules/notifications/routes';
import { teamImportRoutes } from './modules/people/import/routes';
import { peopleRoutes } from './modules/people/routes';
import { portalRoutes } from './modules/portal/routes';
import { reportsRoutes } from './modules/reports/routes';
import { shortcutsRoutes } from './modules/shortcuts/routes';
import { submissionsRoutes } from './modules/submissions/routes';
import { suppliersRoutes } from './modules/suppliers/routes';
import { tasksRoutes } from './modules/tasks/routes';
import { teamTaskRoutes } from './modules/tasks/threads/routes';
import { taskUploadRoutes } from './modules/tasks/threads/uploads/routes';
import { timetableRoutes } from './modules/timetable/routes';
import { apiTokensRoutes } from './modules/tokens/routes';
import { findApiToken } from './modules/tokens/service';
import { webhooksRoutes } from './modules/webhooks/routes';
import { setBadRecordReporter } from './platform/badRecords';
import type { AppContext } from './platform/context';
import { answerOversizedBodies } from './platform/http/bodyLimit';
import { registerCompression } from './platform/http/compression';
import { answerFrameworkError, registerErrorHandling } from './platform/http/errors';
import { createGuards } from './platform/http/guards';
import type { RequestsInFlight } from './platform/http/requestsInFlight';
import { requireGuardedRoutes } from './platform/http/routeShape';
import { registerSecurity } from './platform/http/security';
import { createSerializerCompiler } from './platform/http/serializer';
import { serveClient } from './platform/http/staticClient';
import type { App, RouteModule } from './platform/http/types';
import { validateRequestPart } from './platform/http/validation';
import { withBrowserDsn } from './platform/observability/browserReports';
import { createErrorReporter, type ErrorReporter } from './platform/observability/errorReports';
import { setRuntimeSources } from './platform/observability/metrics';
import { countRequests, serveMetricsWithToken } from './platform/observability/metricsRoutes';
import { checkReadiness, readinessSchema } from './platform/observability/readiness';
import { echoRequestId, requestIdOf } from './platform/observability/requestId';
import { CLIENT_DIST_DIR } from './platform/paths';
import { wireJobs, wireModules } from './wiring';

/** Every area's routes, in one list; a new area adds its module here. */
const ROUTE_MODULES: RouteModule[] = [
  authRoutes,
  eventsRoutes,
  peopleRoutes,
  teamImportRoutes,
  tasksRoutes,
  suppliersRoutes,
  contentRoutes,
  teamTaskRoutes,
  taskUploadRoutes,
  filesRoutes,
  portalRoutes,
  downloadsRoutes,
  assetsRoutes,
  brandingRoutes,
  formsRoutes,
  submissionsRoutes,
  reportsRoutes,
  timetableRoutes,
  notificationsRoutes,
  emailsRoutes,
  emailTrackingRoutes,
  emailTemplateRoutes,
  webhooksRoutes,
  liveRoutes,
  apiTokensRoutes,
  auditRoutes,
  editionsRoutes,
  shortcutsRoutes,
];

/**
 * Optional Sentry-compatible reporting (SENTRY_DSN): internal errors and the stored records readers
 * drop; nothing leaves without a DSN. One reporter per configured app, kept for its close.
 */
function errorReporterOf(ctx: AppContext): ErrorReporter | undefined {
  if (!ctx.config.sentryDsn) return undefined;
  const reporter = createErrorReporter({
    dsn: ctx.config.sentryDsn,
    release: APP_VERSION,
    environment: ctx.config.env,
    onSendFailure: (error) => ctx.logger.warn({ err: error }, 'the error report could not be sent'),
  });
  setBadRecordReporter((record) => reporter.captureBadRecord(record));
  return reporter;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The spec's default upload limit; a route may ask for less. */
export const UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

/**
 * Every API answer names the client build this server serves (a hash of its index.html, which
 * names every chunk), so an open tab learns of a deploy from its next request and offers a reload
 * before it asks for a chunk that is gone. Without a built client (tests, development) none is sent.
 */
function announceBuild(app: App, indexHtml: string | undefined): void {
  if (!indexHtml) return;
  const buildId = createHash('sha256').update(indexHtml).digest('hex').slice(0, 16);
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header(BUILD_HEADER, buildId);
    done(null, payload);
  });
}

const MULTIPART = /^multipart\//i;

/**
 * @fastify/multipart puts an async onRequest hook (a 'close' listener on the response) and an async
 * onResponse hook (its temporary files) on every request; both concern a multipart request only.
 * While it registers, its request hooks are wrapped to return at once for any other request: no
 * promise, no listener (decision 0058).
 */
async function registerForMultipartOnly(app: App, register: () => PromiseLike<unknown>): Promise<void> {
  type Hook = (this: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;
  const addHook = app.addHook;
  const wrapped = function (this: App, name: string, hook: Hook) {
    if (name !== 'onRequest' && name !== 'onResponse') return Reflect.apply(addHook, this, [name, hook]);
    return Reflect.apply(addHook, this, [
      name,
      function (this: unknown, request: FastifyRequest, reply: FastifyReply, done: () => void) {
        if (!MULTIPART.test(request.headers['content-type'] ?? '')) return done();
        return hook.call(this, request, reply);
      },
    ]);
  };
  app.addHook = wrapped as unknown as App['addHook'];
  try {
    await register();
  } finally {
    app.addHook = addHook;
  }
}

const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
});

export type BuildOptions = {
  logger?: Logger;
  serveClient?: boolean;
  /** Benchmarks only (bench/audit.bench.ts measures its cost): the server always records. */
  withoutAuditTrail?: boolean;
  /** The server's requests in flight, counted here for the queue (platform/http/requestsInFlight). */
  requests?: RequestsInFlight;
};

/** Builds the HTTP app on a ready context; used by the server, the CLI and the API tests. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const loggerInstance: FastifyBaseLogger | undefined = options.logger;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    frameworkErrors: answerFrameworkError,
    // Every log line of a request carries this id as `reqId`; see observability/requestId.
    genReqId: requestIdOf,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  echoRequestId(app);
  countRequests(app);
  const requests = options.requests;
  if (requests)
    app.addHook('onRequest', (request, reply, done) => {
      requests.track(request.headers.accept, reply.raw);
      done();
    });
  app.setValidatorCompiler(validateRequestPart);
  // Answers are written by a writer compiled from each response schema (decision 0058); under
  // test every answer is also encoded by Zod and the two must agree.
  app.setSerializerCompiler(createSerializerCompiler({ crossCheck: ctx.config.env === 'test' }));
  const indexHtml = options.serveClient
    ? readFileSync(join(CLIENT_DIST_DIR, 'index.html'), 'utf8')
    : undefined;
  // The page tells the browser where to report its errors (decision 0043); the build id stays the build's.
  const page = indexHtml === undefined ? undefined : withBrowserDsn(indexHtml, ctx.config.browserSentryDsn);
  registerErrorHandling(app, page, errorReporterOf(ctx));
  announceBuild(app, indexHtml);
  await registerSecurity(app, ctx.config);
  await registerCompression(app);
  answerOversizedBodies(app, BODY_LIMIT_BYTES);
  await app.register(cookie);
  // Multipart bodies are read only by the routes that ask for a file (request.file()).
  await registerForMultipartOnly(app, () =>
    app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } }),
  );
  await app.register(swagger, {
    openapi: {
      info: { title: 'Event Portal API', version: APP_VERSION },
      servers: [],
      // Integrations call with an API token (decision 0030); the browser's session cookie is the other way in.
      components: {
        securitySchemes: {
          apiToken: { type: 'http', scheme: 'bearer', description: 'An API token made on /admin/api-tokens' },
        },
      },
      security: [{ apiToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  requireGuardedRoutes(app);
  app.get(
    '/api/health',
    { config: { public: true }, schema: { tags: ['platform'], response: { 200: healthSchema } } },
    async () => ({
      status: 'ok' as const,
      version: APP_VERSION,
      database: ctx.database.kind,
    }),
  );

  // Readiness, apart from liveness: a balancer sends requests only to a ready process, and an
  // orchestrator restarts only one that is not live.
  app.get(
    '/api/ready',
    {
      config: { public: true },
      schema: { tags: ['platform'], response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(ctx);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );

  if (ctx.config.metrics.token) serveMetricsWithToken(app, ctx.config.metrics.token);
  setRuntimeSources({ queueDepth: () => ctx.jobs.depth(), pool: ctx.database.poolStats });

  const guards = createGuards({
    findSession: (token) => findSession(ctx.db, token),
    findMembership: (eventId, accountId) => findScopeMembership(ctx.db, eventId, accountId),
    findApiToken: (secret) => findApiToken(ctx.db, secret),
  });
  guards.refuseTokensOutsideEvents(app);
  if (!options.withoutAuditTrail) registerAuditTrail(app, ctx);
  wireModules();
  wireJobs(ctx);
  registerEmailJobs(ctx);
  registerAuthJobs(ctx);
  registerAuditJobs(ctx);
  for (const routes of ROUTE_MODULES) routes(app, ctx, guards);

  if (options.serveClient) await serveClient(app);
  return app;
}
