import type { LiveHandler } from '../../lib/liveEvents';

/**
 * An `editLocks` signal: a lock of a form or field group of this event was taken, refreshed or
 * released. The lock is not a query (taking it is a write), so the open builders subscribe here
 * and ask their lock route again; with none open the signal costs nothing.
 */
const listeners = new Map<string, Set<() => void>>();

export function onLockSignal(eventId: string, listener: () => void): () => void {
  const set = listeners.get(eventId) ?? new Set();
  set.add(listener);
  listeners.set(eventId, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(eventId);
  };
}

export const editLocksLive: LiveHandler = (_queryClient, eventId) => {
  for (const listener of [...(listeners.get(eventId) ?? [])]) listener();
};
