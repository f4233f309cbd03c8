import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { LIVE_STREAM_PATH, type LiveMessageType, readLiveMessage } from '../../shared/live/messages';
import { checkBuild } from './buildVersion';

/**
 * The event stream in the browser: one EventSource per tab for the open event. Each signal names
 * what changed; its handler invalidates the matching TanStack queries, which refetch through the
 * ordinary routes. When the stream fails it is closed and opened again with a growing, jittered
 * delay (1 s doubling to a minute), so a server that is away costs a request a minute, not a
 * console full of errors; screens keep a slow poll while it is down (`useLiveConnected`).
 */

export type LiveHandler = (queryClient: QueryClient, eventId: string) => void;
/** What each signal invalidates; `resync` (and every reconnect) runs them all. */
export type LiveHandlers = Partial<Record<Exclude<LiveMessageType, 'resync' | 'signedOut'>, LiveHandler>>;

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

let connected = false;
const listeners = new Set<() => void>();
function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}

/** Whether this tab's event stream is open now (a screen polls only while it is not). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
  );
}

export function retryDelay(attempt: number, random = Math.random()): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** Keeps the event's stream open while mounted (the signed-in shell). */
export function useLiveEvents(eventId: string | undefined, handlers: LiveHandlers): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!eventId || typeof EventSource === 'undefined') return;
    const runAll = () => {
      for (const handler of Object.values(handlers)) handler?.(queryClient, eventId);
    };
    let source: EventSource | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      timer = undefined;
      source = new EventSource(LIVE_STREAM_PATH(eventId));
      source.onopen = () => {
        // Signals sent while it was down are lost: refetch what they would have refreshed. A
        // reconnect may also follow a deploy (the restart drops every stream): ask for the build.
        if (attempt > 0) {
          runAll();
          void checkBuild();
        }
        attempt = 0;
        setConnected(true);
      };
      source.onmessage = (event: MessageEvent<string>) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          return;
        }
        const message = readLiveMessage(parsed);
        if (!message) return;
        const { type } = message;
        if (type === 'resync') runAll();
        else if (type === 'signedOut') {
          // Not opened again. Nothing is refetched here: the tab that signed out is already
          // leaving for the sign-in screen, and refetching under it would only collect 401s. In
          // another tab the screens' next request (the slow poll now that the stream is down)
          // answers 401, which sends the person to sign in.
          source?.close();
          source = null;
          setConnected(false);
        } else handlers[type]?.(queryClient, eventId);
      };
      source.onerror = () => {
        // EventSource would retry at once and forever on its own: take over with a backoff.
        source?.close();
        source = null;
        setConnected(false);
        timer = setTimeout(open, retryDelay(attempt));
        attempt += 1;
      };
    };
    // Back online: try now rather than at the end of a long wait.
    const onOnline = () => {
      if (!timer) return;
      clearTimeout(timer);
      open();
    };
    open();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(timer);
      source?.close();
      setConnected(false);
    };
  }, [eventId, handlers, queryClient]);
}
