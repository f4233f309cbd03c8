import { can } from '../../../shared/auth/permissions';
import { WEBHOOKS_LEVEL } from '../../../shared/webhooks/api';
import type { Actor } from '../../platform/http/guards';

/** Spec: webhooks are admin only; moderators, who manage forms, do not see them. */
export const webhooksPolicy = {
  manage: (actor: Actor) => can(actor.permissions, WEBHOOKS_LEVEL),
};
