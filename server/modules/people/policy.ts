import { can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** Who may do what with an event's people (spec: roles and permissions). */
export const peoplePolicy = {
  listUsers: (actor: Actor) => can(actor.permissions, 'moderator'),
};
