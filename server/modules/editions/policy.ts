import { AREA_LEVELS, can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

/** Making the next edition copies the whole set-up, settings included: admins only, as settings. */
export const editionsPolicy = {
  createNextEdition: (actor: Actor) => can(actor.permissions, AREA_LEVELS.settings),
};
