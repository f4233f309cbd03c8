import { can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** Spec, roles and permissions: "Admin only: ... notifications"; every member reads their own list. */
export const notificationsPolicy = {
  manage: (actor: Actor) => can(actor.permissions, 'admin'),
  readOwn: (_actor: Actor) => true,
};
