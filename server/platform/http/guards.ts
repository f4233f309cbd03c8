import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import type { Permission } from '../../../shared/auth/permissions';
import { MEMBER_AREA_ERRORS, type MemberArea, mayOpenArea } from '../../../shared/people/memberAreas';
import type { TeamRole } from '../../../shared/people/teams';
import { authError, badRequest, forbidden, notFound } from './errors';
import { SESSION_COOKIE, type SessionAccount } from './session';

/** The caller inside one event, read once by the scope guard and handed to services. */
export type Actor = {
  accountId: string;
  eventId: string;
  permissions: Permission;
  teamId: string | null;
  teamRole: TeamRole | null;
  /** The areas chosen for a team member (decision 0034); null = every area. */
  memberAreas: readonly MemberArea[] | null;
};

/** What the guards need to know about people; the app wires the auth and people modules in. */
export type Identity = {
  findSession(token: string): Promise<SessionAccount | null>;
  findMembership(
    eventId: string,
    accountId: string,
  ): Promise<Pick<Actor, 'permissions' | 'teamId' | 'teamRole' | 'memberAreas'> | null>;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth?: SessionAccount;
    actor?: Actor;
  }
}

const unauthenticated = () =>
  authError(401, 'auth/unauthenticated', AUTH_ERROR_MESSAGES['auth/unauthenticated']);

/** Any UUID shape; a path id that is not one is bad input (as validation would say), never a lookup. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Route guards. Each route lists the ones it needs in `preValidation`, in this order, so that
 * an anonymous or out-of-scope caller is turned away before its body is validated; the app
 * refuses to start if a route puts guards anywhere else (see `requireGuardedRoutes`).
 */
export function createGuards(identity: Identity) {
  /** authenticate: session cookie -> account, or 401. */
  const authenticate: preValidationAsyncHookHandler = async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await identity.findSession(token) : null;
    if (!session) throw unauthenticated();
    request.auth = session;
  };

  /** scope: `:eventId` from the path -> the caller's membership in that event, or 404. */
  const scopeToEvent: preValidationAsyncHookHandler = async (request: FastifyRequest) => {
    const session = request.auth;
    if (!session) throw unauthenticated();
    const { eventId = '' } = request.params as { eventId?: string };
    if (!UUID.test(eventId))
      throw badRequest('Invalid event ID', [{ path: ['eventId'], message: 'Invalid UUID' }]);
    const membership = await identity.findMembership(eventId, session.accountId);
    if (!membership) throw notFound('Event ID not found');
    request.actor = {
      accountId: session.accountId,
      eventId,
      permissions: membership.permissions,
      teamId: membership.teamId,
      teamRole: membership.teamRole,
      memberAreas: membership.memberAreas ?? null,
    };
  };

  /** authorize: a policy decides; 403 when it says no. */
  const authorize =
    (policy: (actor: Actor) => boolean): preValidationAsyncHookHandler =>
    async (request: FastifyRequest) => {
      if (!request.actor || !policy(request.actor)) throw forbidden();
    };

  /** area: a team member whose owner closed this area to them gets 403 (decision 0034). */
  const area =
    (name: MemberArea): preValidationAsyncHookHandler =>
    async (request: FastifyRequest) => {
      if (!request.actor) throw unauthenticated();
      if (!mayOpenArea(request.actor, name)) throw forbidden(MEMBER_AREA_ERRORS.closed);
    };

  /**
   * accountArea: the account routes (/api/me) belong to no event in their path, so the areas of the
   * event the account is in now (the one its screens show) decide (decision 0034).
   */
  const accountArea =
    (name: MemberArea): preValidationAsyncHookHandler =>
    async (request: FastifyRequest) => {
      const eventId = request.auth?.currentEventId;
      if (!request.auth) throw unauthenticated();
      if (!eventId) return;
      const membership = await identity.findMembership(eventId, request.auth.accountId);
      if (membership && !mayOpenArea({ ...membership, memberAreas: membership.memberAreas ?? null }, name))
        throw forbidden(MEMBER_AREA_ERRORS.closed);
    };

  return {
    authenticate,
    scopeToEvent,
    authorize,
    area,
    accountArea,
    member: [authenticate, scopeToEvent],
  };
}
export type Guards = ReturnType<typeof createGuards>;

/** The verified session of a guarded request (the guards ran, so it is there). */
export function sessionOf(request: FastifyRequest): SessionAccount {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
