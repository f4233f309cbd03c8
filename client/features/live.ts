import type { LiveHandlers } from '../lib/liveEvents';
import { submissionsLive } from './forms/fill/live';
import { editLocksLive } from './forms/locksLive';
import { notificationsLive } from './notifications/live';
import { teamImportLive } from './people/import/live';
import { commentsLive, taskStatusesLive } from './tasks/live';

/** What each signal of the event stream refreshes; a feature with live screens adds its entry. */
export const LIVE_HANDLERS: LiveHandlers = {
  notifications: notificationsLive,
  taskStatuses: taskStatusesLive,
  comments: commentsLive,
  submissions: submissionsLive,
  editLocks: editLocksLive,
  teamImport: teamImportLive,
};
