import {
  brandingImageBodySchema,
  brandingImageParamsSchema,
  publicBrandingSchema,
} from '../../../shared/branding/schema';
import { brandingSchema } from '../../../shared/events/settings';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { setupDefaultAppUrl } from '../../platform/http/urls';
import { eventsPolicy } from '../events/policy';
import { publicBrandingFor, setBrandingImage } from './service';

export const brandingRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['branding'];

  // The logos and login image are public (the sign-in screens); other branding files are the event's.

  app.put(
    '/api/events/:eventId/branding/images/:slot',
    {
      schema: {
        tags,
        params: brandingImageParamsSchema,
        body: brandingImageBodySchema,
        response: { 200: brandingSchema },
      },
      config: { invalidMessage: 'Invalid branding' },
      preValidation: [...guards.member, guards.authorize(eventsPolicy.manageSettings)],
    },
    async (request) => {
      const actor = actorOf(request);
      return setBrandingImage(ctx, actor, request.params.slot, request.body.fileId);
    },
  );

  // No sign-in: the address the server is configured for (PUBLIC_URL, else the request's) names the event.
  app.get(
    '/api/public/branding',
    { config: { public: true }, schema: { tags, response: { 200: publicBrandingSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return publicBrandingFor(ctx.db, setupDefaultAppUrl(ctx.config, request));
    },
  );
};
