import { AREA_LEVELS, can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** Spec: sidebar, featured pages, dashboard header and card layouts are admin only. */
export const portalPolicy = {
  manageStructure: (actor: Actor) => can(actor.permissions, AREA_LEVELS.settings),
  /** Every member reads their own sidebar and dashboard. */
  readOwn: (_actor: Actor) => true,
};
