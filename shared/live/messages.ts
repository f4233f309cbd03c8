/**
 * What the event stream (`GET /api/events/:eventId/stream`) sends: small "what changed" signals,
 * never the data itself. The client answers a signal by refetching the matching queries, so every
 * read still goes through the route that authorises it. A later live screen (task statuses,
 * comments, imports) adds its type here and its handler in the client.
 */
export const LIVE_MESSAGE_TYPES = [
  /** The caller's notification list or unread count may have changed. */
  'notifications',
  /** A team's progress or approval on a task changed (its team and organisers hear it). */
  'taskStatuses',
  /** A comment of a team's task conversation was added, liked, pinned or removed. */
  'comments',
  /** A form's submissions changed (a new one arrived): organisers' submissions table. */
  'submissions',
  /**
   * An edit lock of a form or field group was taken, refreshed, released or dropped: an open
   * builder asks again who holds it (moderator and above for forms, admins for field groups).
   */
  'editLocks',
  /** A team import's progress or state changed: the import screen refetches (admins only). */
  'teamImport',
  /**
   * Signals may have been missed (the server's listening connection was re-established):
   * refetch everything live.
   */
  'resync',
  /**
   * The session this stream was opened with has ended (signed out, perhaps in another tab): the
   * stream closes and must not be opened again; the client finds out it is signed out.
   */
  'signedOut',
] as const;
export type LiveMessageType = (typeof LIVE_MESSAGE_TYPES)[number];

export type LiveMessage = { type: LiveMessageType };

/**
 * A signal as the browser reads it: its type when it is one of ours, else null (extra keys are
 * ignored). The server checks what it sends with `liveMessageSchema` (./schema.ts); this file stays
 * free of Zod because the event stream opens with every signed-in screen (decision 0041).
 */
export function readLiveMessage(value: unknown): LiveMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { type } = value as { type?: unknown };
  return (LIVE_MESSAGE_TYPES as readonly unknown[]).includes(type) ? { type: type as LiveMessageType } : null;
}

/** The SSE event name every signal is sent under (the default `message`). */
export const LIVE_STREAM_PATH = (eventId: string) => `/api/events/${eventId}/stream`;

/** Refusal when one account already holds the most streams it may keep open (across every process). */
export const LIVE_ERRORS = {
  tooManyStreams: 'Too many requests. Please try again later.',
  /** Only an event-stream client (EventSource sends this Accept) gets the never-ending answer. */
  notEventStream: 'This address answers with an event stream (Accept: text/event-stream)',
} as const;
