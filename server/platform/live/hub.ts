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
  maxPerAccount: number;
  /** The stream's member as of now, or null when its session or membership has ended. */
  recheck(stream: LiveStream): Promise<LiveViewer | null>;
  onError(err: unknown): void;
}

type Entry = LiveStream & { checkAt: number; checking: boolean };

export const HEARTBEAT = ': keep-alive\n\n';
export const frame = (message: LiveMessage) => `data: ${JSON.stringify(message)}\n\n`;

export function createHub(bus: LiveBus, options: HubOptions) {
  const byEvent = new Map<string, Set<Entry>>();
  const perAccount = new Map<string, number>();
  let subscription: ReturnType<LiveBus['subscribe']> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let size = 0;

  const remove = (entry: Entry) => {
    const streams = byEvent.get(entry.eventId);
    if (!streams?.delete(entry)) return;
    if (streams.size === 0) byEvent.delete(entry.eventId);
    const held = (perAccount.get(entry.viewer.accountId) ?? 1) - 1;
    if (held > 0) perAccount.set(entry.viewer.accountId, held);
    else perAccount.delete(entry.viewer.accountId);
    size -= 1;
    entry.sink.end();
    if (size === 0) stop();
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
      for (const streams of byEvent.values()) {
        for (const entry of [...streams]) {
          if (entry.sessionKey !== event.sessionKey) continue;
          entry.sink.write(frame({ type: 'signedOut' }));
          remove(entry);
        }
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
     * Adds a stream once this process listens for signals; false (nothing added) when its account
     * already holds `maxPerAccount` streams in this process.
     */
    async open(stream: LiveStream): Promise<{ close(): void } | null> {
      const held = perAccount.get(stream.viewer.accountId) ?? 0;
      if (held >= options.maxPerAccount) return null;
      const entry: Entry = { ...stream, checkAt: Date.now() + options.recheckMs, checking: false };
      perAccount.set(stream.viewer.accountId, held + 1);
      const streams = byEvent.get(stream.eventId) ?? new Set<Entry>();
      byEvent.set(stream.eventId, streams);
      streams.add(entry);
      size += 1;
      if (!subscription) start();
      await subscription?.ready;
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
