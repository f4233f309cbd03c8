import { can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** Spec: assets are moderator work; the picker is used by the same people building pages. */
export const assetsPolicy = {
  manage: (actor: Actor) => can(actor.permissions, 'moderator'),
};
