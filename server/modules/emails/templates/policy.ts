import { can } from '../../../../shared/auth/permissions';
import type { Actor } from '../../../platform/http/guards';

/** Spec, roles and permissions: "Admin only: ... emails and templates". */
export const emailTemplatesPolicy = {
  manage: (actor: Actor) => can(actor.permissions, 'admin'),
};
