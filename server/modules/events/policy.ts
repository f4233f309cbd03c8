import type { Actor } from '../../platform/http/guards';

export const eventsPolicy = {
  /** Every member of an event may read what the shell needs to draw it. */
  readShell: (_actor: Actor) => true,
};
