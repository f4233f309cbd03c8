import { z } from 'zod';
import {
  assetListQuerySchema,
  assetListResponseSchema,
  assetParamsSchema,
  assetSchema,
} from '../../../shared/assets/schema';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { assetsPolicy } from './policy';
import { createAsset, deleteAsset, getAsset, listAssets, updateAsset } from './service';

/** Bodies are checked in the service, so a refusal says 'Invalid asset' with its issues. */
const anyBody = z.record(z.string(), z.unknown());

export const assetsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['assets'];
  const moderator = [...guards.member, guards.authorize(assetsPolicy.manage)];
  const base = '/api/events/:eventId/assets';

  app.get(
    base,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: assetListQuerySchema,
        response: { 200: assetListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listAssets(ctx.db, actorOf(request), request.query),
  );
  app.post(
    base,
    {
      schema: { tags, params: eventIdParamsSchema, body: anyBody, response: { 201: assetSchema } },
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply.status(201).send(await createAsset(ctx, actor, request.body));
    },
  );
  app.get(
    `${base}/:assetId`,
    { schema: { tags, params: assetParamsSchema, response: { 200: assetSchema } }, preValidation: moderator },
    async (request) => getAsset(ctx.db, actorOf(request), request.params.assetId),
  );
  app.put(
    `${base}/:assetId`,
    {
      schema: { tags, params: assetParamsSchema, body: anyBody, response: { 200: assetSchema } },
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateAsset(ctx.db, actor, request.params.assetId, request.body);
    },
  );
  app.delete(
    `${base}/:assetId`,
    { schema: { tags, params: assetParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      await deleteAsset(ctx, actorOf(request), request.params.assetId);
      return reply.status(204).send();
    },
  );
};
