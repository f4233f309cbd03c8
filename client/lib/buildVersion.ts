import { useSyncExternalStore } from 'react';
import { BUILD_HEADER } from '../../shared/events/buildHeader';

/**
 * The deployed build, as the server names it on every API answer (`x-portal-build`). The first
 * build this tab hears of is the one it runs; a different one later means a deploy happened while
 * it was open, and the tab offers "A new version is available — Reload" instead of failing on a
 * missing chunk later. (The chunk-load rule in ui/chunkReload.ts still catches what slips through.)
 */
let running: string | null = null;
let newer = false;
const listeners = new Set<() => void>();

export function noteBuild(buildId: string | null | undefined): void {
  if (!buildId) return;
  if (running === null) {
    running = buildId;
    return;
  }
  if (buildId === running || newer) return;
  newer = true;
  for (const listener of listeners) listener();
}

/** Reads the build header of any response (the api client calls it for every answer). */
export function noteBuildOf(response: Response): void {
  noteBuild(response.headers.get(BUILD_HEADER));
}

/**
 * Asks the server which build it serves now; the event stream calls it when it reconnects (a
 * deploy restarts the server, which drops every stream).
 */
export async function checkBuild(): Promise<void> {
  try {
    noteBuildOf(await fetch('/api/health', { headers: { Accept: 'application/json' } }));
  } catch {
    // Unreachable now: the next answer will tell.
  }
}

export function useNewVersionAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => newer,
  );
}

/** For tests: forget what this tab has heard. */
export function resetBuildForTests(): void {
  running = null;
  newer = false;
}
