import { formParamsSchema } from '../../../../shared/forms/api';
import {
  NOTIFICATION_ERRORS,
  notificationBodySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationResponseSchema,
} from '../../../../shared/forms/notificationsApi';
import type { AppContext } from '../../../platform/context';
import { actorOf, type Guards } from '../../../platform/http/guards';
import type { App } from '../../../platform/http/types';
import { formsPolicy } from '../policy';
import {
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  updateNotification,
} from './service';

/** A form's notifications: moderator and above (spec), each scoped to the caller's event. */
export function notificationRoutes(app: App, ctx: AppContext, guards: Guards) {
  const tags = ['forms'];
  const moderator = [...guards.member, guards.authorize(formsPolicy.manageForms)];
  const base = '/api/events/:eventId/forms/:formId/notifications';
  const config = { invalidMessage: NOTIFICATION_ERRORS.invalidNotification };

  app.get(
    base,
    {
      schema: { tags, params: formParamsSchema, response: { 200: notificationListResponseSchema } },
      preValidation: moderator,
    },
    async (request) => listNotifications(ctx.db, actorOf(request), request.params.formId, ctx.logger),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        params: formParamsSchema,
        body: notificationBodySchema,
        response: { 201: notificationResponseSchema },
      },
      config,
      preValidation: moderator,
    },
    async (request, reply) => {
      const created = await createNotification(ctx, actorOf(request), request.params.formId, request.body);
      return reply.status(201).send(created);
    },
  );
  app.get(
    `${base}/:notificationId`,
    {
      schema: { tags, params: notificationParamsSchema, response: { 200: notificationResponseSchema } },
      preValidation: moderator,
    },
    async (request) => {
      const { formId, notificationId } = request.params;
      return getNotification(ctx.db, actorOf(request), formId, notificationId);
    },
  );
  app.put(
    `${base}/:notificationId`,
    {
      schema: {
        tags,
        params: notificationParamsSchema,
        body: notificationBodySchema,
        response: { 200: notificationResponseSchema },
      },
      config,
      preValidation: moderator,
    },
    async (request) => {
      const { formId, notificationId } = request.params;
      return updateNotification(ctx, actorOf(request), formId, notificationId, request.body);
    },
  );
  app.delete(
    `${base}/:notificationId`,
    { schema: { tags, params: notificationParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      const { formId, notificationId } = request.params;
      await deleteNotification(ctx, actorOf(request), formId, notificationId);
      return reply.status(204).send();
    },
  );
}
