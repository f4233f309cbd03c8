import type { LiveHandler } from '../../lib/liveEvents';
import { reportsKey } from '../reports/api';
import { tasksKey } from './tasksApi';

/**
 * A `taskStatuses` signal: every task screen refetches (the organiser's status table, the team's
 * list and drawer, the due summary), and the reports, which count statuses. Only mounted queries
 * refetch now; the others are marked stale for their next visit.
 */
export const taskStatusesLive: LiveHandler = (queryClient, eventId) => {
  void queryClient.invalidateQueries({ queryKey: tasksKey(eventId) });
  void queryClient.invalidateQueries({ queryKey: reportsKey(eventId) });
};

/** A `comments` signal: the open task conversations refetch (keys end in 'comments', teamTasksApi.ts). */
export const commentsLive: LiveHandler = (queryClient, eventId) =>
  void queryClient.invalidateQueries({
    queryKey: tasksKey(eventId),
    predicate: (query) => query.queryKey.at(-1) === 'comments',
  });
