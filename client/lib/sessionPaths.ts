// What both the boot script (client/boot.ts) and the session's queries (lib/session.ts) need: the
// session's paths and the rule for the current event. Types only from shared/, so the boot script
// stays a few hundred bytes.
import type { MeResponse, MyEvent } from '../../shared/auth/schema';

/** Who is signed in (`{ me: null }` when nobody is: no failed request on a signed-out visit). */
export const SESSION_PATH = '/api/session';

/** The event's shell: branding, terminology, the member's areas. */
export const shellPath = (eventId: string) => `/api/events/${eventId}/shell`;

/** The event the portal shows: the server's current one, else the first the account belongs to. */
export function currentEventOf(me: MeResponse): MyEvent | null {
  return me.events.find((event) => event.id === me.currentEventId) ?? me.events[0] ?? null;
}
