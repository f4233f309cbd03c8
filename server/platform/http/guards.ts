import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import type { Permission } from '../../../shared/auth/permissions';
import { findSession, SESSION_COOKIE, type SessionAccount } from '../../modules/auth/sessions';
import { findMembership } from '../../modules/people/service';
import type { AppContext } from '../context';
import { authError, forbidden, notFound } from './errors';

/** The caller inside one event: who they are and their level there. */
export type Actor = { accountId: string; eventId: string; permissions: Permission };

declare module 'fastify' {
  interface FastifyRequest {
    auth?: SessionAccount;
    actor?: Actor;
  }
}

const unauthenticated = () =>
  authError(401, 'auth/unauthenticated', AUTH_ERROR_MESSAGES['auth/unauthenticated']);

/** Route guards; each route lists the ones it needs in its preHandler, in this order. */
export function createGuards(ctx: AppContext) {
  /** authenticate: session cookie -> account, or 401. */
  const authenticate: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await findSession(ctx.db, token) : null;
    if (!session) throw unauthenticated();
    request.auth = session;
  };

  /** scope: `:eventId` from the path -> the caller's membership in that event, or 404. */
  const scopeToEvent: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    const session = request.auth;
    if (!session) throw unauthenticated();
    const { eventId } = request.params as { eventId: string };
    const membership = await findMembership(ctx.db, eventId, session.accountId);
    if (!membership) throw notFound('Event ID not found');
    request.actor = { accountId: session.accountId, eventId, permissions: membership.permissions };
  };

  /** authorize: a policy decides; 403 when it says no. */
  const authorize =
    (policy: (actor: Actor) => boolean): preHandlerAsyncHookHandler =>
    async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!request.actor || !policy(request.actor)) throw forbidden();
    };

  return { authenticate, scopeToEvent, authorize, member: [authenticate, scopeToEvent] };
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
