import { AREA_LEVELS, can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** Who may do what with tasks (spec: moderator and above for the admin screens). */
export const tasksPolicy = {
  manageTasks: (actor: Actor) => can(actor.permissions, AREA_LEVELS.tasks),
  /** Approve or reject a team's completion; approvals.ts checks the level again for bulk callers. */
  reviewTasks: (actor: Actor) => can(actor.permissions, 'moderator'),
  /** Every member reaches the team routes; the service then requires a team of their own. */
  anyMember: (_actor: Actor) => true,
};
