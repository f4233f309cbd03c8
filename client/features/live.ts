import type { LiveHandlers } from '../lib/liveEvents';
import { notificationsLive } from './notifications/live';

/** What each signal of the event stream refreshes; a feature with live screens adds its entry. */
export const LIVE_HANDLERS: LiveHandlers = {
  notifications: notificationsLive,
};
