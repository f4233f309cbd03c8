import { z } from 'zod';
import {
  CONTENT_LABELS,
  contentDetailSchema,
  contentListQuerySchema,
  contentListResponseSchema,
  contentParamsSchema,
  contentSettingsSchema,
  guestContentParamsSchema,
  readerListSchema,
  readerPageSchema,
} from '../../../shared/content/api';
import { CONTENT_ROUTES } from '../../../shared/content/routes';
import { CONTENT_ERRORS } from '../../../shared/content/sections';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import { actorOf } from '../../platform/http/guards';
import { routeFrom } from '../../platform/http/routeFrom';
import type { RouteModule } from '../../platform/http/types';
import { contentPolicy } from './policy';
import { listReadable, readGuestPage, readPage } from './reader/queries';
import { saveSections } from './sections/service';
import {
  createContent,
  deleteContent,
  getContent,
  listContent,
  setContentArchived,
  updateContent,
} from './service';

const emptyBody = z.strictObject({});

export const contentRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['content'];
  const moderator = [...guards.member, guards.authorize(contentPolicy.manageContent)];
  const reader = [...guards.member, guards.authorize(contentPolicy.read), guards.area('content')];
  const invalidContent = { invalidMessage: CONTENT_ERRORS.invalidContent };
  const log = ctx.logger;
  // ---- Admin (moderator and above) ----
  routeFrom(
    app,
    CONTENT_ROUTES.list,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: contentListQuerySchema,
        response: { 200: contentListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listContent(ctx.db, actorOf(request).eventId, request.query),
  );
  routeFrom(
    app,
    CONTENT_ROUTES.create,
    {
      schema: {
        tags,
        description: `Creates a page. ${CONTENT_LABELS.isPublicHint}`,
        params: eventIdParamsSchema,
        body: contentSettingsSchema,
        response: { 201: contentDetailSchema },
      },
      config: invalidContent,
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await createContent(ctx, actor.eventId, request.body, actor.accountId);
      return reply.status(201).send(created);
    },
  );
  routeFrom(
    app,
    CONTENT_ROUTES.get,
    {
      schema: { tags, params: contentParamsSchema, response: { 200: contentDetailSchema } },
      preValidation: moderator,
    },
    async (request) => getContent(ctx.db, actorOf(request).eventId, request.params.contentId, log),
  );
  routeFrom(
    app,
    CONTENT_ROUTES.update,
    {
      schema: {
        tags,
        params: contentParamsSchema,
        body: contentSettingsSchema,
        response: { 200: contentDetailSchema },
      },
      config: invalidContent,
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      const saved = await updateContent(
        ctx,
        actor.eventId,
        request.params.contentId,
        request.body,
        actor.accountId,
      );
      return saved;
    },
  );
  routeFrom(
    app,
    CONTENT_ROUTES.saveSections,
    {
      schema: {
        tags,
        description:
          'Saves the whole ordered list of sections; checked in the handler (see sectionsBodySchema).',
        params: contentParamsSchema,
        // Parsed by the service so that a refusal carries the spec's own message (table header).
        body: z.unknown(),
        response: { 200: contentDetailSchema },
      },
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      const { contentId } = request.params;
      await saveSections(ctx, actor.eventId, contentId, request.body, actor.accountId);
      return getContent(ctx.db, actor.eventId, contentId, log);
    },
  );
  for (const [route, isArchived] of [
    [CONTENT_ROUTES.archive, true],
    [CONTENT_ROUTES.unarchive, false],
  ] as const) {
    routeFrom(
      app,
      route,
      {
        schema: {
          tags,
          params: contentParamsSchema,
          body: emptyBody,
          response: { 200: contentDetailSchema },
        },
        preValidation: moderator,
      },
      async (request) => {
        const actor = actorOf(request);
        const saved = await setContentArchived(
          ctx,
          actor.eventId,
          request.params.contentId,
          isArchived,
          actor.accountId,
        );
        return saved;
      },
    );
  }
  routeFrom(
    app,
    CONTENT_ROUTES.delete,
    { schema: { tags, params: contentParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      const actor = actorOf(request);
      await deleteContent(ctx, actor.eventId, request.params.contentId, actor.accountId);
      return reply.status(204).send();
    },
  );

  // ---- Readers ----
  routeFrom(
    app,
    CONTENT_ROUTES.readable,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: readerListSchema } },
      preValidation: reader,
    },
    async (request) => listReadable(ctx.db, actorOf(request)),
  );
  routeFrom(
    app,
    CONTENT_ROUTES.read,
    {
      schema: { tags, params: contentParamsSchema, response: { 200: readerPageSchema } },
      preValidation: reader,
    },
    async (request) => readPage(ctx.db, actorOf(request), request.params.contentId, log),
  );
  routeFrom(
    app,
    CONTENT_ROUTES.guestPage,
    {
      config: { public: true },
      schema: { tags, params: guestContentParamsSchema, response: { 200: readerPageSchema } },
    },
    async (request) => readGuestPage(ctx.db, request.params.contentId, log),
  );
};
