import { AREA_LEVELS, can } from '../../../shared/auth/permissions';
import type { Actor } from '../../platform/http/guards';

export const eventsPolicy = {
  /** Every member of an event may read what the shell needs to draw it. */
  readShell: (_actor: Actor) => true,
  /** Spec: branding, event, onboarding, variables, emails settings are admin only. */
  manageSettings: (actor: Actor) => can(actor.permissions, AREA_LEVELS.settings),
  /** Every member finishes their own welcome screen. */
  finishOnboarding: (_actor: Actor) => true,
};
