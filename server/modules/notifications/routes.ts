import { z } from 'zod';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import {
  myNotificationsResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationSchema,
} from '../../../shared/notifications/api';
import { NOTIFICATION_ROUTES } from '../../../shared/notifications/routes';
import { actorOf } from '../../platform/http/guards';
import { routeFrom } from '../../platform/http/routeFrom';
import type { RouteModule } from '../../platform/http/types';
import { signalReadChanged } from './live';
import { notificationsPolicy } from './policy';
import { listMyNotifications, markAllRead, markRead } from './reading/service';
import {
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  updateNotification,
} from './service';

/** Bodies are checked in the service, so a refusal says 'Invalid notification' with its issues. */
const anyBody = z.record(z.string(), z.unknown());

export const notificationsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['notifications'];
  const admin = [...guards.member, guards.authorize(notificationsPolicy.manage)];
  const member = [
    ...guards.member,
    guards.authorize(notificationsPolicy.readOwn),
    guards.area('notifications'),
  ];

  routeFrom(
    app,
    NOTIFICATION_ROUTES.list,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
      preValidation: admin,
    },
    async (request) => listNotifications(ctx.db, actorOf(request).eventId, request.query, ctx.logger),
  );
  routeFrom(
    app,
    NOTIFICATION_ROUTES.create,
    {
      schema: { tags, params: eventIdParamsSchema, body: anyBody, response: { 201: notificationSchema } },
      preValidation: admin,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply
        .status(201)
        .send(await createNotification(ctx, actor.eventId, request.body, actor.accountId));
    },
  );
  routeFrom(
    app,
    NOTIFICATION_ROUTES.get,
    {
      schema: { tags, params: notificationParamsSchema, response: { 200: notificationSchema } },
      preValidation: admin,
    },
    async (request) => getNotification(ctx.db, actorOf(request).eventId, request.params.notificationId),
  );
  routeFrom(
    app,
    NOTIFICATION_ROUTES.update,
    {
      schema: {
        tags,
        params: notificationParamsSchema,
        body: anyBody,
        response: { 200: notificationSchema },
      },
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateNotification(
        ctx,
        actor.eventId,
        request.params.notificationId,
        request.body,
        actor.accountId,
      );
    },
  );
  routeFrom(
    app,
    NOTIFICATION_ROUTES.delete,
    { schema: { tags, params: notificationParamsSchema }, preValidation: admin },
    async (request, reply) => {
      await deleteNotification(ctx, actorOf(request).eventId, request.params.notificationId);
      return reply.status(204).send();
    },
  );

  routeFrom(
    app,
    NOTIFICATION_ROUTES.mine,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: myNotificationsResponseSchema } },
      preValidation: member,
    },
    async (request) => listMyNotifications(ctx.db, actorOf(request), ctx.logger),
  );
  routeFrom(
    app,
    NOTIFICATION_ROUTES.markAllRead,
    { schema: { tags, params: eventIdParamsSchema }, preValidation: member },
    async (request, reply) => {
      const actor = actorOf(request);
      await markAllRead(ctx.db, actor, ctx.logger);
      await signalReadChanged(ctx, actor.eventId, actor.accountId);
      return reply.status(204).send();
    },
  );
  routeFrom(
    app,
    NOTIFICATION_ROUTES.markRead,
    { schema: { tags, params: notificationParamsSchema }, preValidation: member },
    async (request, reply) => {
      const actor = actorOf(request);
      await markRead(ctx.db, actor, request.params.notificationId, ctx.logger);
      await signalReadChanged(ctx, actor.eventId, actor.accountId);
      return reply.status(204).send();
    },
  );
};
