import { SYSTEM_ACTOR } from '../db/columns';
import type { Actor } from './guards';

/**
 * What a service is told about its caller (decision 0066). A route passes `actorOf(request)`
 * whole; a service's parameter names the narrowest of these that it reads.
 */

/** Work keyed only by the event: reads, and writes that record no author. */
export type EventScope = Pick<Actor, 'eventId'>;

/** Work done for someone in an event: writes that stamp `createdBy`/`updatedBy`, audit rows, locks. */
export type Scope = Pick<Actor, 'eventId' | 'accountId'>;

/**
 * The platform acting on its own in an event (jobs, the CLI, the seed, a clone): the account is
 * `SYSTEM_ACTOR` (the value the audit columns default to), the rank the highest, no team.
 */
export function systemActor(eventId: string): Actor {
  return {
    accountId: SYSTEM_ACTOR,
    eventId,
    permissions: 'staff',
    teamId: null,
    teamRole: null,
    memberAreas: null,
  };
}

/** A known account acting outside a request (the CLI, the seed, a job run for its author). */
export function accountScope(eventId: string, accountId: string): Scope {
  return { eventId, accountId };
}
