import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formParamsSchema } from '../../../shared/forms/api';
import {
  deliveryListResponseSchema,
  deliveryParamsSchema,
  deliverySchema,
  webhookBodySchema,
  webhookCreatedSchema,
  webhookListResponseSchema,
  webhookParamsSchema,
  webhookSecretSchema,
  webhookTestBodySchema,
  webhookViewSchema,
} from '../../../shared/webhooks/api';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { webhooksPolicy } from './policy';
import { presentWebhook } from './present';
import { findWebhook, listDeliveries, listWebhooks } from './queries';
import {
  createWebhook,
  deleteWebhook,
  redeliver,
  refuseUnsafeUrl,
  rotateSecret,
  sendTest,
  updateWebhook,
} from './service';

const emptyBody = z.strictObject({});

export const webhooksRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['webhooks'];
  const admin = [...guards.member, guards.authorize(webhooksPolicy.manage)];
  const base = '/api/events/:eventId/forms/:formId/webhooks';
  const one = `${base}/:webhookId`;
  const keyOf = (request: FastifyRequest) => {
    const { formId, webhookId } = request.params as { formId: string; webhookId: string };
    return { eventId: actorOf(request).eventId, formId, webhookId };
  };

  app.get(
    base,
    {
      schema: { tags, params: formParamsSchema, response: { 200: webhookListResponseSchema } },
      preValidation: admin,
    },
    async (request) => listWebhooks(ctx.db, actorOf(request), request.params.formId),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        params: formParamsSchema,
        body: webhookBodySchema,
        response: { 201: webhookCreatedSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const { eventId, accountId } = actorOf(request);
      await refuseUnsafeUrl(ctx, request.body.requestURL);
      const key = { eventId, formId: request.params.formId };
      const created = await createWebhook(ctx, key, request.body, accountId);
      return reply.status(201).send(created);
    },
  );
  app.get(
    one,
    {
      schema: { tags, params: webhookParamsSchema, response: { 200: webhookViewSchema } },
      preValidation: admin,
    },
    async (request) => presentWebhook(await findWebhook(ctx.db, keyOf(request))),
  );
  app.put(
    one,
    {
      schema: {
        tags,
        params: webhookParamsSchema,
        body: webhookBodySchema,
        response: { 200: webhookViewSchema },
      },
      preValidation: admin,
    },
    async (request) => {
      await refuseUnsafeUrl(ctx, request.body.requestURL);
      const by = actorOf(request).accountId;
      return updateWebhook(ctx, keyOf(request), request.body, by);
    },
  );
  app.delete(
    one,
    { schema: { tags, params: webhookParamsSchema }, preValidation: admin },
    async (request, reply) => {
      await deleteWebhook(ctx, keyOf(request));
      return reply.status(204).send();
    },
  );
  app.post(
    `${one}/secret`,
    {
      schema: { tags, params: webhookParamsSchema, body: emptyBody, response: { 200: webhookSecretSchema } },
      preValidation: admin,
    },
    async (request) => {
      const by = actorOf(request).accountId;
      return rotateSecret(ctx, keyOf(request), by);
    },
  );
  app.get(
    `${one}/deliveries`,
    {
      schema: { tags, params: webhookParamsSchema, response: { 200: deliveryListResponseSchema } },
      preValidation: admin,
    },
    async (request) => listDeliveries(ctx.db, keyOf(request)),
  );
  app.post(
    `${one}/test`,
    {
      schema: {
        tags,
        params: webhookParamsSchema,
        body: webhookTestBodySchema,
        response: { 201: deliverySchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const by = actorOf(request).accountId;
      const delivery = await sendTest(ctx, keyOf(request), request.body.submissionId ?? null, by);
      return reply.status(201).send(delivery);
    },
  );
  app.post(
    `${one}/deliveries/:deliveryId/redeliver`,
    {
      schema: { tags, params: deliveryParamsSchema, body: emptyBody, response: { 201: deliverySchema } },
      preValidation: admin,
    },
    async (request, reply) => {
      const by = actorOf(request).accountId;
      const delivery = await redeliver(ctx, keyOf(request), request.params.deliveryId, by);
      return reply.status(201).send(delivery);
    },
  );
};
