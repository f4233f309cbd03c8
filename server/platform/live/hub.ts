import type { LiveMessage } from '../../../shared/live/messages';
import { type LiveViewer, reaches } from './audience';
import type { BusEvent, LiveBus } from './bus';

/**
 * The open streams of one server process, by event. A signal from the bus is matched against each
 * stream of its event in memory and written as one SSE `data:` line; one timer sends every
 * stream's heartbeat and re-checks, a few at a time, that each stream's session and membership
 * still hold (so a session that expired, a member removed or moved to another team, stops or
 * changes what its stream hears).
 */

export interface LiveSink {
  /** Writes SSE text; false when the client no longer keeps up (its buffer is full). */
  write(text: string): boolean;
  end(): void;
}

export interface LiveStream {
  eventId: string;
  /** The session it was opened with: signing out closes it. */
  sessionKey: string;
  /** What `recheck` needs to read the session again (the cookie's token); kept in memory only. */
  credential: string;
  viewer: LiveViewer;
  sink: LiveSink;
}

export interface HubOptions {
  heartbeatMs: number;
  recheckMs: number;
  /** Streams one account may hold across every process sharing the bus (places.ts). */
  maxPerAccount: number;
  /** The stream's member as of now, or null when its session or membership has ended. */
  recheck(stream: LiveStream): Promise<LiveViewer | null>;
  onError(err: unknown): void;
}

/** An open stream with its place among its account's (places.ts) and its next re-check. */
type Entry = LiveStream & { place: number; checkAt: number; checking: boolean };

export const HEARTBEAT = ': keep-alive\n\n';
export const frame = (message: LiveMessage) => `data: ${JSON.stringify(message)}\n\n`;

export function createHub(bus: LiveBus, options: HubOptions) {
  const byEvent = new Map<string, Set<Entry>>();
  let subscription: ReturnType<LiveBus['subscribe']> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let size = 0;
  /** Streams being opened (waiting for the bus or a place): they keep the subscription too. */
  let opening = 0;

  const remove = (entry: Entry) => {
    const streams = byEvent.get(entry.eventId);
    if (!streams?.delete(entry)) return;
    if (streams.size === 0) byEvent.delete(entry.eventId);
    bus.places.release(entry.viewer.accountId, entry.place);
    size -= 1;
    entry.sink.end();
    if (size + opening === 0) stop();
  };

  const all = function* () {
    for (const streams of [...byEvent.values()]) yield* [...streams];
  };
  /** Sends `signedOut` to the matching streams and closes them (their session or account ended). */
  const signOut = (match: (entry: Entry) => boolean) => {
    for (const entry of all()) {
      if (!match(entry)) continue;
      entry.sink.write(frame({ type: 'signedOut' }));
      remove(entry);
    }
  };

  const send = (entry: Entry, text: string) => {
    if (!entry.sink.write(text)) remove(entry);
  };

  const onBus = (event: BusEvent) => {
    if (event.kind === 'signal') {
      const text = frame(event.message);
      for (const entry of byEvent.get(event.eventId) ?? []) {
        if (reaches(event.to, entry.viewer)) send(entry, text);
      }
    } else if (event.kind === 'sessionEnded') {
      signOut((entry) => entry.sessionKey === event.sessionKey);
    } else if (event.kind === 'accountEnded') {
      signOut((entry) => entry.viewer.accountId === event.accountId);
    } else if (event.kind === 'placeLost') {
      // Another process holds this place now: over the cap, so this stream ends (its client
      // reconnects with a backoff and polls if it is refused).
      for (const entry of all()) {
        if (entry.viewer.accountId === event.accountId && entry.place === event.place) remove(entry);
      }
    } else {
      const text = frame({ type: 'resync' });
      for (const streams of byEvent.values()) for (const entry of streams) send(entry, text);
    }
  };

  const recheck = async (entry: Entry) => {
    entry.checking = true;
    try {
      const viewer = await options.recheck(entry);
      if (viewer) entry.viewer = { ...viewer, accountId: entry.viewer.accountId };
      else remove(entry);
    } catch (err) {
      options.onError(err);
    } finally {
      entry.checking = false;
      entry.checkAt = Date.now() + options.recheckMs;
    }
  };

  const tick = () => {
    const now = Date.now();
    for (const streams of byEvent.values()) {
      for (const entry of [...streams]) {
        send(entry, HEARTBEAT);
        if (entry.checkAt <= now && !entry.checking) void recheck(entry);
      }
    }
  };

  const start = () => {
    subscription = bus.subscribe(onBus);
    timer = setInterval(tick, options.heartbeatMs);
    timer.unref();
  };
  function stop() {
    clearInterval(timer);
    timer = undefined;
    subscription?.unsubscribe();
    subscription = null;
  }

  return {
    /**
     * Adds a stream once this process listens for signals; null (nothing added) when its account
     * already holds `maxPerAccount` streams, in this process and the others together.
     */
    async open(stream: LiveStream): Promise<{ close(): void } | null> {
      opening += 1;
      let place: number | null = null;
      try {
        if (!subscription) start();
        await subscription?.ready;
        place = await bus.places.claim(stream.viewer.accountId, options.maxPerAccount);
      } finally {
        opening -= 1;
        if (place === null && size + opening === 0) stop();
      }
      if (place === null) return null;
      const entry: Entry = { ...stream, place, checkAt: Date.now() + options.recheckMs, checking: false };
      const streams = byEvent.get(stream.eventId) ?? new Set<Entry>();
      byEvent.set(stream.eventId, streams);
      streams.add(entry);
      size += 1;
      return { close: () => remove(entry) };
    },
    /** Ends every stream (the server is shutting down); clients reconnect to another process. */
    closeAll() {
      for (const streams of [...byEvent.values()]) for (const entry of [...streams]) remove(entry);
    },
    get size() {
      return size;
    },
  };
}
export type LiveHub = ReturnType<typeof createHub>;
