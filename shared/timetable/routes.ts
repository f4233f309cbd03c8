import { type Answer, route, type Sent } from '../http/route';
import type {
  feedCreatedSchema,
  feedStatusSchema,
  linkOptionsResponseSchema,
  myTimeTableResponseSchema,
  SessionListQuery,
  sessionListResponseSchema,
  sessionSchema,
  trackListResponseSchema,
  trackRowSchema,
} from './api';
import type { SessionImportResult, sessionImportTemplateQuerySchema } from './importApi';
import type { SessionBody, TrackBody } from './schema';

/**
 * The time table's routes (decision 0067), written once for the server's registration and the
 * client's calls. Types only from the schema modules, so the screens calling them load no Zod.
 */
const EVENT = '/api/events/:eventId';
const SESSIONS = `${EVENT}/time-table/sessions`;
const SESSION = `${EVENT}/time-table/sessions/:sessionId`;
const TRACKS = `${EVENT}/time-table/tracks`;
const TRACK = `${EVENT}/time-table/tracks/:trackId`;
const FEED = `${EVENT}/time-table/feed`;

type SessionAnswer = Answer<typeof sessionSchema>;
type TrackAnswer = Answer<typeof trackRowSchema>;

export const TIMETABLE_ROUTES = {
  listSessions: route('GET', SESSIONS)
    .query<SessionListQuery>()
    .answer<Answer<typeof sessionListResponseSchema>>(),
  createSession: route('POST', SESSIONS).body<SessionBody>().answer<SessionAnswer>(),
  getSession: route('GET', SESSION).answer<SessionAnswer>(),
  updateSession: route('PUT', SESSION).body<SessionBody>().answer<SessionAnswer>(),
  duplicateSession: route('POST', `${SESSION}/duplicate`).answer<SessionAnswer>(),
  deleteSession: route('DELETE', SESSION),
  /** A session's .ics file: a download, not JSON. */
  sessionCalendar: route('GET', `${SESSION}/calendar.ics`),
  listTracks: route('GET', TRACKS).answer<Answer<typeof trackListResponseSchema>>(),
  createTrack: route('POST', TRACKS).body<TrackBody>().answer<TrackAnswer>(),
  updateTrack: route('PUT', TRACK).body<TrackBody>().answer<TrackAnswer>(),
  deleteTrack: route('DELETE', TRACK),
  linkOptions: route('GET', `${EVENT}/time-table/link-options`).answer<
    Answer<typeof linkOptionsResponseSchema>
  >(),
  myTimeTable: route('GET', `${EVENT}/my-time-table`).answer<Answer<typeof myTimeTableResponseSchema>>(),
  feedStatus: route('GET', FEED).answer<Answer<typeof feedStatusSchema>>(),
  createFeed: route('POST', FEED).answer<Answer<typeof feedCreatedSchema>>(),
  deleteFeed: route('DELETE', FEED),
  /** Public: a calendar app holds no session; the token in the address is the credential. */
  publicFeed: route('GET', '/api/public/events/:eventId/calendar/:token.ics'),
  /** The import's template: a download (decision 0016). */
  importTemplate: route('GET', `${EVENT}/time-table/import/template`).query<
    Sent<typeof sessionImportTemplateQuerySchema>
  >(),
  /** Preview and import take the file as multipart; their answers are typed here. */
  importPreview: route('POST', `${EVENT}/time-table/import/preview`).answer<SessionImportResult>(),
  import: route('POST', `${EVENT}/time-table/import`).answer<SessionImportResult>(),
} as const;
