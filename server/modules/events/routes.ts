import { z } from 'zod';
import {
  createdEventSchema,
  eventIdParamsSchema,
  setupBodySchema,
  setupStatusSchema,
  shellResponseSchema,
} from '../../../shared/events/schema';
import {
  onboardedResponseSchema,
  type SettingsResponse,
  settingsParamsSchema,
  settingsResponseSchema,
} from '../../../shared/events/settingsApi';
import { setSessionCookie } from '../../platform/http/cookies';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { setupDefaultAppUrl } from '../../platform/http/urls';
import { markOnboarded } from '../membership/service';
import { eventsPolicy } from './policy';
import { getShell, hasSettingsHook, isSetupRequired, settingsSaved } from './service';
import { readSettings, writeSettings } from './settingsStore';
import { setUpFirstEvent } from './setup/service';

export const eventsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['events'];

  /** First-run setup exists only while there is no account at all; afterwards POST is a 404. */
  app.get(
    '/api/setup',
    { config: { public: true }, schema: { tags, response: { 200: setupStatusSchema } } },
    async (request) => {
      if (!(await isSetupRequired(ctx.db))) return { required: false as const };
      return { required: true as const, defaultAppUrl: setupDefaultAppUrl(ctx.config, request) };
    },
  );

  app.post(
    '/api/setup',
    {
      config: { public: true },
      schema: { tags, body: setupBodySchema, response: { 201: createdEventSchema } },
    },
    async (request, reply) => {
      const result = await setUpFirstEvent(ctx, request.body);
      setSessionCookie(reply, result.token, ctx.config.cookieSecure);
      return reply.status(201).send({ eventId: result.eventId, userId: result.userId });
    },
  );

  app.get(
    '/api/events/:eventId/shell',
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: shellResponseSchema } },
      preValidation: [...guards.member, guards.authorize(eventsPolicy.readShell)],
    },
    async (request) => {
      const actor = actorOf(request);
      return getShell(ctx.db, actor.eventId, actor.accountId);
    },
  );

  const settingsRoute = {
    schema: { tags, params: settingsParamsSchema, response: { 200: settingsResponseSchema } },
    preValidation: [...guards.member, guards.authorize(eventsPolicy.manageSettings)],
  };

  app.get('/api/events/:eventId/settings/:name', settingsRoute, async (request) => {
    const { eventId, name } = request.params;
    return { name, settings: await readSettings(ctx.db, eventId, name) } as SettingsResponse;
  });

  // The body is checked by the name's input schema inside writeSettings, so a refusal carries the
  // spec's message for that document ('Invalid branding', ...), not a generic one.
  app.put(
    '/api/events/:eventId/settings/:name',
    { ...settingsRoute, schema: { ...settingsRoute.schema, body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const actor = actorOf(request);
      const { name } = request.params;
      const before = hasSettingsHook(name) ? await readSettings(ctx.db, actor.eventId, name) : null;
      const saved = await writeSettings(ctx.db, actor.eventId, name, request.body, actor.accountId);
      if (before) await settingsSaved(ctx, actor.eventId, name, before, saved);
      return { name, settings: saved } as SettingsResponse;
    },
  );

  app.put(
    '/api/events/:eventId/me/onboarded',
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: onboardedResponseSchema } },
      preValidation: [...guards.member, guards.authorize(eventsPolicy.finishOnboarding)],
    },
    async (request) => {
      const actor = actorOf(request);
      await markOnboarded(ctx.db, actor.eventId, actor.accountId);
      return { isOnboarded: true as const };
    },
  );
};
