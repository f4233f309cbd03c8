import { can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** Who may do what with content pages (spec: moderator and above manage content). */
export const contentPolicy = {
  manageContent: (actor: Actor) => can(actor.permissions, 'moderator'),
  /** Every member reaches the reader; visibility then decides page by page. */
  read: (_actor: Actor) => true,
};
