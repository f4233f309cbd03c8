import { type Answer, route, type Sent } from '../http/route';
import type {
  DownloadBody,
  downloadListQuerySchema,
  downloadListResponseSchema,
  downloadSchema,
  myDownloadsResponseSchema,
} from './schema';

/** The downloads' routes (decision 0067): written once for the server and the client; types only. */
const DOWNLOADS = '/api/events/:eventId/downloads';
const DOWNLOAD = '/api/events/:eventId/downloads/:downloadId';
type DownloadAnswer = Answer<typeof downloadSchema>;

export const DOWNLOAD_ROUTES = {
  list: route('GET', DOWNLOADS)
    .query<Sent<typeof downloadListQuerySchema>>()
    .answer<Answer<typeof downloadListResponseSchema>>(),
  create: route('POST', DOWNLOADS).body<DownloadBody>().answer<DownloadAnswer>(),
  get: route('GET', DOWNLOAD).answer<DownloadAnswer>(),
  update: route('PUT', DOWNLOAD).body<DownloadBody>().answer<DownloadAnswer>(),
  delete: route('DELETE', DOWNLOAD),
  mine: route('GET', '/api/events/:eventId/my-downloads').answer<Answer<typeof myDownloadsResponseSchema>>(),
} as const;
