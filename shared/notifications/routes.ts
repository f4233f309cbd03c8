import { type Answer, route, type Sent } from '../http/route';
import type {
  myNotificationsResponseSchema,
  NotificationBody,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSchema,
} from './api';

/** The notifications' routes (decision 0067): written once for the server and the client; types only. */
const NOTIFICATIONS = '/api/events/:eventId/notifications';
const NOTIFICATION = '/api/events/:eventId/notifications/:notificationId';
const MINE = '/api/events/:eventId/my-notifications';
type NotificationAnswer = Answer<typeof notificationSchema>;

export const NOTIFICATION_ROUTES = {
  list: route('GET', NOTIFICATIONS)
    .query<Sent<typeof notificationListQuerySchema>>()
    .answer<Answer<typeof notificationListResponseSchema>>(),
  create: route('POST', NOTIFICATIONS).body<NotificationBody>().answer<NotificationAnswer>(),
  get: route('GET', NOTIFICATION).answer<NotificationAnswer>(),
  update: route('PUT', NOTIFICATION).body<NotificationBody>().answer<NotificationAnswer>(),
  delete: route('DELETE', NOTIFICATION),
  mine: route('GET', MINE).answer<Answer<typeof myNotificationsResponseSchema>>(),
  markAllRead: route('POST', `${MINE}/read`),
  markRead: route('POST', `${MINE}/:notificationId/read`),
} as const;
