import { can } from '../../../shared/auth/permissions';
import { SUBMISSIONS_LEVEL } from '../../../shared/forms/submissionsApi';
import type { Actor } from '../../platform/http/guards';

export const submissionsPolicy = {
  /**
   * Every member of the event may ask; a submission belongs to a team, so the service answers
   * someone without one with the spec-style message rather than a bare 403.
   */
  fillForms: (_actor: Actor) => true,
  /** Spec: submissions are managed by moderators and above. */
  manageSubmissions: (actor: Actor) => can(actor.permissions, SUBMISSIONS_LEVEL),
};
