import { registerFileAccess } from '../files/service';
import { mayReadDownloadFile } from './service';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireDownloads(): void {
  registerFileAccess('download', (tx, viewer, file) => mayReadDownloadFile(tx, viewer, file));
}
