/**
 * After a deploy, an open tab may ask for a lazy chunk that no longer exists. One full reload
 * fetches the new build (spec: one automatic reload, then the error screen). The flag lives in
 * sessionStorage so the reloaded page knows it already tried, and is cleared as soon as a lazy
 * chunk loads again, so a later deploy gets its own reload.
 */
const RELOAD_KEY = 'portal:chunk-reload';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True when this error should (and still may) trigger the one automatic reload. */
export function shouldReloadForChunkError(error: unknown): boolean {
  const store = storage();
  return isChunkLoadError(error) && store !== null && store.getItem(RELOAD_KEY) === null;
}

export function reloadForChunkError(): void {
  storage()?.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
}

export function markChunkLoaded(): void {
  storage()?.removeItem(RELOAD_KEY);
}

/** Wraps a route module import so a successful load re-arms the automatic reload. */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const module = await load();
    markChunkLoaded();
    return module;
  };
}
