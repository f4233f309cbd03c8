import { wireAssets } from './modules/assets/wiring';
import { wireBranding } from './modules/branding/wiring';
import { wireContent } from './modules/content/wiring';
import { wireDownloads } from './modules/downloads/wiring';
import { registerFormNotificationSending } from './modules/forms/notifications/jobs';
import { registerNotificationJobs } from './modules/notifications/jobs';
import { registerReportCountsJob } from './modules/reports/counts/jobs';
import { registerStuckSubmissionEvents } from './modules/submissions/saved/service';
import { wireSubmissions } from './modules/submissions/wiring';
import { wireSuppliers } from './modules/suppliers/wiring';
import { wireTasks } from './modules/tasks/wiring';
import { registerWebhookJobs } from './modules/webhooks/jobs';
import type { AppContext } from './platform/context';

/**
 * Fills the cross-module registries (who may read a file kind, whose rows move when a user is
 * merged, what runs after settings are saved) in one explicit
 * place. The app, the CLI and the job worker all call it, so they see the same wiring whether or
 * not routes are mounted. The registries are per process and keyed by name: calling it twice is
 * harmless.
 */
export function wireModules(): void {
  wireAssets();
  wireBranding();
  wireContent();
  wireDownloads();
  wireSubmissions();
  wireSuppliers();
  wireTasks();
}

/**
 * The background work modules hand each other, per app (tests build several in one process):
 * the listeners that hear of a submission (form notifications, webhooks) and the jobs that send
 * event notifications, deliver webhooks and keep the report counts current. Registered here
 * rather than where routes mount, so a worker, the CLI or a test that mounts no route still has
 * the same listeners.
 */
export function wireJobs(ctx: AppContext): void {
  registerFormNotificationSending(ctx);
  registerWebhookJobs(ctx);
  registerNotificationJobs(ctx);
  registerReportCountsJob(ctx);
  registerStuckSubmissionEvents(ctx);
}
