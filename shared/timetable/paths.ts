// The time table's paths, written once for the server's registration and the client's calls; apart
// from api.ts (its Zod schemas re-export these) so the screens calling them load no Zod (decision 0041).

const EVENT = '/api/events/:eventId';
export const TIMETABLE_PATHS = {
  sessions: `${EVENT}/time-table/sessions`,
  session: `${EVENT}/time-table/sessions/:sessionId`,
  duplicateSession: `${EVENT}/time-table/sessions/:sessionId/duplicate`,
  sessionCalendar: `${EVENT}/time-table/sessions/:sessionId/calendar.ics`,
  tracks: `${EVENT}/time-table/tracks`,
  track: `${EVENT}/time-table/tracks/:trackId`,
  myTimeTable: `${EVENT}/my-time-table`,
  feed: `${EVENT}/time-table/feed`,
  linkOptions: `${EVENT}/time-table/link-options`,
  /** Public: a calendar app holds no session; the token in the address is the credential. */
  publicFeed: '/api/public/events/:eventId/calendar/:token.ics',
} as const;

/** Fills a path's `:name` parameters (each encoded). */
export function timetablePath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
