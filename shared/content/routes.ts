import { type Answer, route, type Sent } from '../http/route';
import type {
  ContentSettingsBody,
  contentDetailSchema,
  contentListQuerySchema,
  contentListResponseSchema,
  readerListSchema,
  readerPageSchema,
  SectionsBody,
} from './api';

/** The content pages' routes (decision 0067): written once for the server and the client; types only. */
const EVENT = '/api/events/:eventId';
const PAGES = `${EVENT}/content`;
const PAGE = `${EVENT}/content/:contentId`;
type DetailAnswer = Answer<typeof contentDetailSchema>;
type ReaderPageAnswer = Answer<typeof readerPageSchema>;

export const CONTENT_ROUTES = {
  list: route('GET', PAGES)
    .query<Sent<typeof contentListQuerySchema>>()
    .answer<Answer<typeof contentListResponseSchema>>(),
  create: route('POST', PAGES).body<ContentSettingsBody>().answer<DetailAnswer>(),
  get: route('GET', PAGE).answer<DetailAnswer>(),
  update: route('PUT', PAGE).body<ContentSettingsBody>().answer<DetailAnswer>(),
  /** The whole ordered list of sections; checked by the service (its refusals carry the spec's words). */
  saveSections: route('PUT', `${PAGE}/sections`).body<SectionsBody>().answer<DetailAnswer>(),
  archive: route('POST', `${PAGE}/archive`).answer<DetailAnswer>(),
  unarchive: route('POST', `${PAGE}/unarchive`).answer<DetailAnswer>(),
  delete: route('DELETE', PAGE),
  readable: route('GET', `${EVENT}/my-content`).answer<Answer<typeof readerListSchema>>(),
  read: route('GET', `${EVENT}/my-content/:contentId`).answer<ReaderPageAnswer>(),
  /** A guest page: no event in the path, no session needed. */
  guestPage: route('GET', '/api/guests/content/:contentId').answer<ReaderPageAnswer>(),
} as const;
