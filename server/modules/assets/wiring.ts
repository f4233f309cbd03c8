import { registerFileAccess } from '../files/service';
import { mayReadAssetFile } from './policy';

/** What this module adds to the shared registries; called once by server/wiring.ts, not by mounting routes. */
export function wireAssets(): void {
  registerFileAccess('asset', mayReadAssetFile);
}
