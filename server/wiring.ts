import { wireAssets } from './modules/assets/wiring';
import { wireBranding } from './modules/branding/wiring';
import { wireContent } from './modules/content/wiring';
import { wireDownloads } from './modules/downloads/wiring';
import { wireNotifications } from './modules/notifications/wiring';
import { wireSubmissions } from './modules/submissions/wiring';
import { wireSuppliers } from './modules/suppliers/wiring';
import { wireTasks } from './modules/tasks/wiring';
import { wireTimetable } from './modules/timetable/wiring';

/**
 * Fills the cross-module registries (who may read a file kind, which columns hold team-type ids,
 * whose rows move when a user is merged, what runs after settings are saved) in one explicit
 * place. The app, the CLI and the job worker all call it, so they see the same wiring whether or
 * not routes are mounted. The registries are per process and keyed by name: calling it twice is
 * harmless.
 */
export function wireModules(): void {
  wireAssets();
  wireBranding();
  wireContent();
  wireDownloads();
  wireNotifications();
  wireSubmissions();
  wireSuppliers();
  wireTasks();
  wireTimetable();
}
