import { AREA_LEVELS } from '../../../shared/auth/permissions';
import type { AppContext } from '../../platform/context';
import type { Effects } from '../../platform/db/transaction';
import type { LiveAudience } from '../../platform/live/audience';
import { publishLive } from '../../platform/live/publish';
import { signalStatusesAfterCommit } from '../tasks/live';

/**
 * A team's submission is read by the team (its forms list) and by report viewers and above (the
 * organisers' submissions table in the form reports, reportViewer and above; the submissions
 * routes, moderator and above). Another team hears nothing.
 */
export function submissionReaders(teamId: string): LiveAudience {
  return { teamIds: [teamId], minLevel: AREA_LEVELS.reports };
}

/**
 * Once a submission has committed: the submissions table changes, and so does the team's status
 * on the form's task (a submission completes it, team/queries.ts).
 */
export function signalSubmissionAfterCommit(
  ctx: AppContext,
  effects: Effects,
  eventId: string,
  teamId: string,
) {
  effects.afterCommit(() => publishLive(ctx, eventId, submissionReaders(teamId), { type: 'submissions' }));
  signalStatusesAfterCommit(ctx, effects, eventId, [teamId]);
}
