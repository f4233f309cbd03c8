import { onSettingsSaved } from '../events/service';
import { registerFileAccess } from '../files/service';
import { mayReadBrandingFile, releaseUnusedBrandingFiles } from './service';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireBranding(): void {
  registerFileAccess('branding', mayReadBrandingFile);
  // The settings hook names the event by id (events' registry); the service takes the scope.
  onSettingsSaved('branding', (ctx, eventId, before, after) =>
    releaseUnusedBrandingFiles(ctx, { eventId }, before, after),
  );
}
