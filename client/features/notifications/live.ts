import type { LiveHandler } from '../../lib/liveEvents';
import { notificationsKey } from './api';

/** A `notifications` signal: the bell's count and the lists (the reader's and the admin's) refetch. */
export const notificationsLive: LiveHandler = (queryClient, eventId) =>
  void queryClient.invalidateQueries({ queryKey: notificationsKey(eventId) });
