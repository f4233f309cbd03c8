import type { Actor } from '../../platform/http/guards';

/** Every member of the event may open its stream; what each signal reaches is decided per signal. */
export const livePolicy = {
  open: (_actor: Actor) => true,
};
