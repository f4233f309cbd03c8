import { onSettingsSaved } from '../events/service';
import { registerFileAccess } from '../files/service';
import { mayReadBrandingFile, releaseUnusedBrandingFiles } from './service';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireBranding(): void {
  registerFileAccess('branding', mayReadBrandingFile);
  onSettingsSaved('branding', releaseUnusedBrandingFiles);
}
