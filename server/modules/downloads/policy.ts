import { can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** Spec: downloads are managed by moderators and above; every member reads their own list. */
export const downloadsPolicy = {
  manage: (actor: Actor) => can(actor.permissions, 'moderator'),
  readOwn: (_actor: Actor) => true,
};
