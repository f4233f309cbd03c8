import { SUBMISSION_ERRORS } from '../../../../shared/forms/submissionsApi';
import { forbidden } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';

/** The caller's team: only members of a team fill in forms (a submission belongs to a team). */
export function teamOf(actor: Actor): string {
  if (!actor.teamId) throw forbidden(SUBMISSION_ERRORS.noTeam);
  return actor.teamId;
}
