import { z } from 'zod';
import { DOWNLOAD_ROUTES } from '../../../shared/downloads/routes';
import {
  downloadListQuerySchema,
  downloadListResponseSchema,
  downloadParamsSchema,
  downloadSchema,
  myDownloadsResponseSchema,
} from '../../../shared/downloads/schema';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import { actorOf } from '../../platform/http/guards';
import { routeFrom } from '../../platform/http/routeFrom';
import type { RouteModule } from '../../platform/http/types';
import { downloadsPolicy } from './policy';
import {
  createDownload,
  deleteDownload,
  getDownload,
  listDownloads,
  listMyDownloads,
  updateDownload,
} from './service';

/** Bodies are checked in the service, so a refusal says 'Invalid download values' with its issues. */
const anyBody = z.record(z.string(), z.unknown());

export const downloadsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['downloads'];
  const moderator = [...guards.member, guards.authorize(downloadsPolicy.manage)];
  const member = [...guards.member, guards.authorize(downloadsPolicy.readOwn), guards.area('downloads')];

  routeFrom(
    app,
    DOWNLOAD_ROUTES.list,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: downloadListQuerySchema,
        response: { 200: downloadListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listDownloads(ctx.db, actorOf(request).eventId, request.query),
  );
  routeFrom(
    app,
    DOWNLOAD_ROUTES.create,
    {
      schema: { tags, params: eventIdParamsSchema, body: anyBody, response: { 201: downloadSchema } },
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply.status(201).send(await createDownload(ctx, actor.eventId, request.body, actor.accountId));
    },
  );
  routeFrom(
    app,
    DOWNLOAD_ROUTES.get,
    {
      schema: { tags, params: downloadParamsSchema, response: { 200: downloadSchema } },
      preValidation: moderator,
    },
    async (request) => getDownload(ctx.db, actorOf(request).eventId, request.params.downloadId),
  );
  routeFrom(
    app,
    DOWNLOAD_ROUTES.update,
    {
      schema: { tags, params: downloadParamsSchema, body: anyBody, response: { 200: downloadSchema } },
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateDownload(ctx, actor.eventId, request.params.downloadId, request.body, actor.accountId);
    },
  );
  routeFrom(
    app,
    DOWNLOAD_ROUTES.delete,
    { schema: { tags, params: downloadParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      await deleteDownload(ctx, actorOf(request).eventId, request.params.downloadId);
      return reply.status(204).send();
    },
  );
  routeFrom(
    app,
    DOWNLOAD_ROUTES.mine,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: myDownloadsResponseSchema } },
      preValidation: member,
    },
    async (request) => listMyDownloads(ctx.db, actorOf(request)),
  );
};
