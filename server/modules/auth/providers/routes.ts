import type { FastifyRequest } from 'fastify';
import {
  eventSignInProviderBodySchema,
  eventSignInProviderParamsSchema,
  eventSignInProviderSchema,
  eventSignInProvidersResponseSchema,
  providerCallbackQuerySchema,
  providerStartParamsSchema,
  providerStartQuerySchema,
  publicSignInProvidersSchema,
} from '../../../../shared/auth/providers';
import { setSessionCookie } from '../../../platform/http/cookies';
import { actorOf } from '../../../platform/http/guards';
import type { RouteModule } from '../../../platform/http/types';
import { setupDefaultAppUrl } from '../../../platform/http/urls';
import { eventsPolicy } from '../../events/policy';
import {
  ATTEMPT_TTL_MS,
  beginProviderSignIn,
  completeProviderSignIn,
  listEventProviders,
  ProviderSignInRefused,
  publicProviders,
  setEventProvider,
} from './service';

/** The browser's key to its sign-in attempt; sent back only to the provider routes. */
const ATTEMPT_COOKIE = 'portal_provider_signin';
const ATTEMPT_COOKIE_PATH = '/api/auth/providers';
const idParams = providerStartParamsSchema;

/** Sign-in through the organiser's identity provider (OpenID Connect) and each event's switches for it. */
export const providerRoutes: RouteModule = (app, ctx, guards) => {
  const secure = ctx.config.cookieSecure;
  const tags = ['auth'];
  const toLogin = (reason: string) => `/auth/login?providerError=${reason}`;
  // The browser's own address first (an installation may serve each event at its own domain), then PUBLIC_URL.
  const addressesOf = (request: FastifyRequest) => [
    `${request.protocol}://${request.headers.host ?? ''}`,
    setupDefaultAppUrl(ctx.config, request),
  ];

  app.get(
    '/api/public/sign-in-providers',
    { config: { public: true }, schema: { tags, response: { 200: publicSignInProvidersSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return publicProviders(ctx, addressesOf(request));
    },
  );

  // A top-level navigation from the sign-in screen's button: answers with redirects, never JSON.
  app.get(
    '/api/auth/providers/:providerId/start',
    { config: { public: true }, schema: { tags, params: idParams, querystring: providerStartQuerySchema } },
    async (request, reply) => {
      try {
        const { key, redirectTo } = await beginProviderSignIn(ctx, {
          providerId: request.params.providerId,
          addresses: addressesOf(request),
          continuePath: request.query.continuePath,
        });
        // Lax: the provider's answer is a top-level GET from its own site, which must carry it.
        reply.setCookie(ATTEMPT_COOKIE, key, {
          path: ATTEMPT_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: ATTEMPT_TTL_MS / 1000,
        });
        return reply.redirect(redirectTo, 302);
      } catch (error) {
        if (error instanceof ProviderSignInRefused) return reply.redirect(toLogin(error.reason), 302);
        throw error;
      }
    },
  );

  app.get(
    '/api/auth/providers/:providerId/callback',
    {
      config: { public: true },
      schema: { tags, params: idParams, querystring: providerCallbackQuerySchema },
    },
    async (request, reply) => {
      reply.clearCookie(ATTEMPT_COOKIE, {
        path: ATTEMPT_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      try {
        const { token, continuePath } = await completeProviderSignIn(ctx, {
          providerId: request.params.providerId,
          key: request.cookies[ATTEMPT_COOKIE],
          query: request.query,
        });
        setSessionCookie(reply, token, secure);
        return reply.redirect(continuePath, 302);
      } catch (error) {
        if (error instanceof ProviderSignInRefused) return reply.redirect(toLogin(error.reason), 302);
        throw error;
      }
    },
  );

  app.get(
    '/api/events/:eventId/sign-in-providers',
    {
      schema: {
        tags,
        params: eventSignInProviderParamsSchema.pick({ eventId: true }),
        response: { 200: eventSignInProvidersResponseSchema },
      },
      preValidation: [...guards.member, guards.authorize(eventsPolicy.manageSettings)],
    },
    async (request) => ({ providers: await listEventProviders(ctx, actorOf(request).eventId) }),
  );

  app.put(
    '/api/events/:eventId/sign-in-providers/:providerId',
    {
      schema: {
        tags,
        params: eventSignInProviderParamsSchema,
        body: eventSignInProviderBodySchema,
        response: { 200: eventSignInProviderSchema },
      },
      config: { invalidMessage: 'Invalid sign-in provider' },
      preValidation: [...guards.member, guards.authorize(eventsPolicy.manageSettings)],
    },
    async (request) => {
      const actor = actorOf(request);
      return setEventProvider(ctx, actor.eventId, request.params.providerId, request.body, actor.accountId);
    },
  );
};
