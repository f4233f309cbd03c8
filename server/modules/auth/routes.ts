import { z } from 'zod';
import {
  currentEventBodySchema,
  emailChangeBodySchema,
  emailResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  meResponseSchema,
  okResponseSchema,
  passwordWithTokenBodySchema,
  sessionResponseSchema,
  updateEmailBodySchema,
  updateProfileBodySchema,
  verifyTokenBodySchema,
  verifyTokenResponseSchema,
} from '../../../shared/auth/schema';
import { clearSessionCookie, setSessionCookie } from '../../platform/http/cookies';
import { sessionOf } from '../../platform/http/guards';
import { SESSION_COOKIE } from '../../platform/http/session';
import type { RouteModule } from '../../platform/http/types';
import { endLiveSession } from '../../platform/live/publish';
import * as emailChange from './emailChange/service';
import { providerRoutes } from './providers/routes';
import * as recovery from './recovery/service';
import * as auth from './service';
import { findSession } from './sessions/service';

/** `{}`, or no body at all (Fastify hands the validator null) when X-Requested-With marks the call. */
const emptyBody = z.strictObject({}).nullish();

/** Sign-in and account flows: `/api/auth/*` (public) and `/api/me*` (signed in). */
export const authRoutes: RouteModule = (app, ctx, guards) => {
  const secure = ctx.config.cookieSecure;
  const tags = ['auth'];

  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: { tags, body: loginBodySchema, response: { 200: meResponseSchema } },
    },
    async (request, reply) => {
      const { token, me } = await auth.login(ctx, { ...request.body, ip: request.ip });
      setSessionCookie(reply, token, secure);
      return me;
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags, body: emptyBody }, preValidation: [guards.authenticate] },
    async (request, reply) => {
      const session = sessionOf(request);
      await auth.logout(ctx, session);
      await endLiveSession(ctx, session.tokenHash);
      clearSessionCookie(reply, secure);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { public: true },
      schema: { tags, body: forgotPasswordBodySchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await recovery.forgotPassword(ctx, { ...request.body, ip: request.ip });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verify-token',
    {
      config: { public: true },
      schema: { tags, body: verifyTokenBodySchema, response: { 200: verifyTokenResponseSchema } },
    },
    async (request) => recovery.verifyToken(ctx, request.body.token, request.body.mode),
  );

  app.post(
    '/api/auth/set-password',
    {
      config: { public: true },
      schema: { tags, body: passwordWithTokenBodySchema, response: { 200: emailResponseSchema } },
    },
    async (request) =>
      recovery.setPasswordWithToken(ctx, request.body.token, request.body.password, 'setPassword'),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { public: true },
      schema: { tags, body: passwordWithTokenBodySchema, response: { 200: emailResponseSchema } },
    },
    async (request) =>
      recovery.setPasswordWithToken(ctx, request.body.token, request.body.password, 'resetPassword'),
  );

  app.post(
    '/api/auth/update-email',
    {
      config: { public: true },
      schema: { tags, body: updateEmailBodySchema, response: { 200: emailResponseSchema } },
    },
    async (request, reply) => {
      const result = await emailChange.confirmEmailChange(ctx, request.body.token);
      clearSessionCookie(reply, secure);
      return result;
    },
  );

  providerRoutes(app, ctx, guards);

  const me = ['me'];
  // Public: a signed-out visitor is an answer here, not an error (the app asks on every start).
  app.get(
    '/api/session',
    { config: { public: true }, schema: { tags: me, response: { 200: sessionResponseSchema } } },
    async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await findSession(ctx.db, token) : null;
      return { me: session ? await auth.getMe(ctx.db, session) : null };
    },
  );

  app.get(
    '/api/me',
    { schema: { tags: me, response: { 200: meResponseSchema } }, preValidation: [guards.authenticate] },
    async (request) => auth.getMe(ctx.db, sessionOf(request)),
  );

  app.patch(
    '/api/me',
    {
      schema: { tags: me, body: updateProfileBodySchema, response: { 200: meResponseSchema } },
      preValidation: [guards.authenticate, guards.accountArea('myAccount')],
      config: { invalidMessage: 'Invalid user' },
    },
    async (request) => auth.updateProfile(ctx, sessionOf(request), request.body),
  );

  app.post(
    '/api/me/email-change',
    {
      schema: { tags: me, body: emailChangeBodySchema, response: { 200: okResponseSchema } },
      preValidation: [guards.authenticate, guards.accountArea('myAccount')],
    },
    async (request) => {
      await emailChange.requestEmailChange(ctx, sessionOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/me/password-reset',
    {
      schema: { tags: me, body: emptyBody, response: { 200: okResponseSchema } },
      preValidation: [guards.authenticate, guards.accountArea('changePassword')],
    },
    async (request) => {
      await recovery.requestOwnPasswordReset(ctx, sessionOf(request), request.ip);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/me/current-event',
    {
      schema: { tags: me, body: currentEventBodySchema, response: { 200: meResponseSchema } },
      preValidation: [guards.authenticate],
    },
    async (request) => auth.switchEvent(ctx, sessionOf(request), request.body.eventId),
  );
};
