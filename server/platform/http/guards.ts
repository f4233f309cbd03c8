import type {
  FastifyInstance,
  FastifyRequest,
  preValidationAsyncHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import type { Permission } from '../../../shared/auth/permissions';
import { MEMBER_AREA_ERRORS, type MemberArea, mayOpenArea } from '../../../shared/people/memberAreas';
import type { TeamRole } from '../../../shared/people/teams';
import { API_TOKEN_ERRORS } from '../../../shared/tokens/api';
import { authError, badRequest, forbidden, notFound } from './errors';
import { SESSION_COOKIE, type SessionAccount } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by refuseTokensOutsideEvents on routes scoped to an event: the only ones a token reaches. */
    takesApiToken?: boolean;
  }
}

/** The caller inside one event, read once by the scope guard and handed to services. */
export type Actor = {
  accountId: string;
  eventId: string;
  permissions: Permission;
  teamId: string | null;
  teamRole: TeamRole | null;
  /** The areas chosen for a team member (decision 0034); null = every area. */
  memberAreas: readonly MemberArea[] | null;
  /** Set when the caller is an API token acting for the account that made it (decision 0030). */
  tokenId?: string;
};

/** An API token as the guards see it: its event, its scope and the account it acts as. */
export type TokenIdentity = {
  tokenId: string;
  tokenName: string;
  eventId: string;
  scope: 'read' | 'write';
  account: SessionAccount;
};

/** What the guards need to know about people; the app wires the auth and people modules in. */
export type Identity = {
  findSession(token: string): Promise<SessionAccount | null>;
  findMembership(
    eventId: string,
    accountId: string,
  ): Promise<Pick<Actor, 'permissions' | 'teamId' | 'teamRole' | 'memberAreas'> | null>;
  /** The API token a bearer secret stands for, or null (unknown, expired, revoked). */
  findApiToken(secret: string): Promise<TokenIdentity | null>;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth?: SessionAccount;
    actor?: Actor;
    apiToken?: TokenIdentity;
  }
}

/** A route guard: an async hook (it looks someone up) or a callback one (it decides on what the request holds). */
export type Guard = preValidationAsyncHookHandler | preValidationHookHandler;

/** The secret of `Authorization: Bearer <secret>`, or null when the request carries none. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

const READ_METHODS = new Set(['GET', 'HEAD']);

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
    const bearer = bearerOf(request);
    if (bearer !== null) {
      // refuseTokensOutsideEvents has already turned away a cookie beside it and account routes.
      const token = bearer ? await identity.findApiToken(bearer) : null;
      if (!token) throw unauthenticated();
      request.apiToken = token;
      request.auth = token.account;
      return;
    }
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
    const token = request.apiToken;
    // A token reaches its own event only; any other answers as another event's ids do.
    if (token && token.eventId !== eventId.toLowerCase()) throw notFound('Event ID not found');
    if (token?.scope === 'read' && !READ_METHODS.has(request.method))
      throw forbidden(API_TOKEN_ERRORS.readOnly);
    const membership = await identity.findMembership(eventId, session.accountId);
    if (!membership) throw notFound('Event ID not found');
    request.actor = {
      accountId: session.accountId,
      eventId,
      permissions: membership.permissions,
      teamId: membership.teamId,
      teamRole: membership.teamRole,
      memberAreas: membership.memberAreas ?? null,
      ...(token ? { tokenId: token.tokenId } : {}),
    };
  };

  /**
   * authorize: a policy decides; 403 when it says no. A callback hook, as `area`: it decides on what
   * the request already holds, so it makes no promise (decision 0061).
   */
  const authorize =
    (policy: (actor: Actor) => boolean): preValidationHookHandler =>
    (request, _reply, done) => {
      if (!request.actor || !policy(request.actor)) return done(forbidden());
      done();
    };

  /** area: a team member whose owner closed this area to them gets 403 (decision 0034). */
  const area =
    (name: MemberArea): preValidationHookHandler =>
    (request, _reply, done) => {
      if (!request.actor) return done(unauthenticated());
      if (!mayOpenArea(request.actor, name)) return done(forbidden(MEMBER_AREA_ERRORS.closed));
      done();
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

  /**
   * A route takes a token only when it is scoped to an event (scopeToEvent among its guards):
   * account routes (sign-in and out, /api/me, sessions, password, email, providers) and public
   * ones answer 403. A cookie beside a token is refused (400) whatever the route: one request,
   * one identity, so a browser's session can never ride along with an integration's token.
   */
  const refuseTokensOutsideEvents = (app: FastifyInstance): void => {
    app.addHook('onRoute', (route) => {
      const hooks = [route.preValidation ?? []].flat();
      if (hooks.includes(scopeToEvent)) route.config = { ...route.config, takesApiToken: true };
    });
    // A callback hook: a request without a token (nearly all) costs no promise (decision 0058).
    app.addHook('preValidation', (request, _reply, done) => {
      if (bearerOf(request) === null || !request.url.startsWith('/api/')) return done();
      if (request.cookies[SESSION_COOKIE]) return done(badRequest(API_TOKEN_ERRORS.cookieAndToken));
      if (!request.routeOptions.config?.takesApiToken) return done(forbidden(API_TOKEN_ERRORS.accountRoute));
      done();
    });
  };

  return {
    authenticate,
    scopeToEvent,
    authorize,
    area,
    accountArea,
    member: [authenticate, scopeToEvent],
    refuseTokensOutsideEvents,
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
