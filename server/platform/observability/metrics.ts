import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client). One registry per process: the job queue, the
 * mailer and the webhook sender count into it from wherever they run, and /metrics reads it.
 * Labels are bounded on purpose: a route is its pattern (`/api/events/:eventId/teams`), never the
 * raw URL, so one scrape stays small however many events and ids a process has served.
 */
export const registry = new Registry();

export const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  // From a cached read (~1 ms) to an import or export (seconds).
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const jobsRun = new Counter({
  name: 'portal_jobs_total',
  help: 'Jobs (one batch of a queue) run by this process, by queue and outcome',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});

export const emailsSent = new Counter({
  name: 'portal_emails_total',
  help: 'Emails handed to SMTP (or kept in the outbox without SMTP), by transport and outcome',
  labelNames: ['transport', 'outcome'] as const,
  registers: [registry],
});

export const webhooksSent = new Counter({
  name: 'portal_webhooks_total',
  help: 'Webhook delivery attempts, by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Read at scrape time from the running process (the queue and the pool it opened). */
export type RuntimeSources = {
  queueDepth?: () => Promise<{ queue: string; ready: number; active: number; failed: number }[]>;
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
};
let sources: RuntimeSources = {};

/** The server sets these once it has opened its database and queue (the last one set wins). */
export function setRuntimeSources(next: RuntimeSources): void {
  sources = next;
}

const queueDepth = new Gauge({
  name: 'portal_job_queue_depth',
  help: 'Jobs in the queue by state (ready: waiting to run now), as the queue last counted them',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const rows = (await sources.queueDepth?.().catch(() => [])) ?? [];
    for (const row of rows) {
      this.set({ queue: row.queue, state: 'ready' }, row.ready);
      this.set({ queue: row.queue, state: 'active' }, row.active);
      this.set({ queue: row.queue, state: 'failed' }, row.failed);
    }
  },
});
void queueDepth;

const pool = new Gauge({
  name: 'portal_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting: queries waiting for one)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const stats = sources.pool?.();
    if (!stats) return;
    this.set({ state: 'total' }, stats.total);
    this.set({ state: 'idle' }, stats.idle);
    this.set({ state: 'waiting' }, stats.waiting);
  },
});
void pool;

let processMetrics = false;
/**
 * Process memory, CPU, handles and event-loop lag (prom-client's defaults, `nodejs_eventloop_lag_*`
 * among them). Started once, when a process first serves metrics: the lag monitor samples the
 * loop, which no test or CLI command needs.
 */
export function startProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}
