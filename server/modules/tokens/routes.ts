import { z } from 'zod';
import { can } from '../../../shared/auth/permissions';
import {
  API_TOKENS_LEVEL,
  apiTokenBodySchema,
  apiTokenCreatedSchema,
  apiTokenListSchema,
  apiTokenParamsSchema,
  apiTokenSchema,
} from '../../../shared/tokens/api';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

const eventParams = z.object({ eventId: z.uuid() });
const emptyBody = z.strictObject({});

/** API tokens (decision 0030): admins only, and never a token itself (the service refuses one). */
export const apiTokensRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['api-tokens'];
  const admin = [...guards.member, guards.authorize((actor) => can(actor.permissions, API_TOKENS_LEVEL))];
  const base = '/api/events/:eventId/api-tokens';

  app.get(
    base,
    { schema: { tags, params: eventParams, response: { 200: apiTokenListSchema } }, preValidation: admin },
    async (request) => listApiTokens(ctx, actorOf(request)),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        params: eventParams,
        body: apiTokenBodySchema,
        response: { 201: apiTokenCreatedSchema },
      },
      preValidation: admin,
      config: { invalidMessage: 'Invalid API token' },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiToken(ctx, actorOf(request), request.body)),
  );
  app.post(
    `${base}/:tokenId/revoke`,
    {
      schema: { tags, params: apiTokenParamsSchema, body: emptyBody, response: { 200: apiTokenSchema } },
      preValidation: admin,
    },
    async (request) => revokeApiToken(ctx, actorOf(request), request.params.tokenId),
  );
};
