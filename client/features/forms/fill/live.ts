import type { LiveHandler } from '../../../lib/liveEvents';
import { reportsKey } from '../../reports/api';
import { submissionsKey } from './fillApi';

/** A `submissions` signal: the team's forms list and the organisers' submissions tables (form reports) refetch. */
export const submissionsLive: LiveHandler = (queryClient, eventId) => {
  void queryClient.invalidateQueries({ queryKey: submissionsKey(eventId) });
  void queryClient.invalidateQueries({ queryKey: reportsKey(eventId) });
};
