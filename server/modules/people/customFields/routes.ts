import { eventIdParamsSchema } from '../../../../shared/events/schema';
import {
  createCustomFieldBodySchema,
  customFieldListResponseSchema,
  customFieldParamsSchema,
  customFieldSchema,
  reorderCustomFieldsBodySchema,
  updateCustomFieldBodySchema,
} from '../../../../shared/people/customFields';
import { actorOf } from '../../../platform/http/guards';
import type { RouteModule } from '../../../platform/http/types';
import { peoplePolicy } from '../policy';
import {
  createCustomField,
  deleteCustomField,
  getCustomField,
  listCustomFields,
  reorderCustomFields,
  updateCustomField,
} from './service';

/** Custom fields: admin only to manage (spec); moderators read them to edit teams' values. */
export const customFieldRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['people'];
  const admin = [...guards.member, guards.authorize(peoplePolicy.manageCustomFields)];
  const config = { invalidMessage: 'Invalid field' };

  app.get(
    '/api/events/:eventId/custom-fields',
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: customFieldListResponseSchema } },
      preValidation: [...guards.member, guards.authorize(peoplePolicy.manageTeams)],
    },
    async (request) => ({ items: await listCustomFields(ctx.db, actorOf(request).eventId) }),
  );
  app.post(
    '/api/events/:eventId/custom-fields',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: createCustomFieldBodySchema,
        response: { 201: customFieldSchema },
      },
      config,
      preValidation: admin,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const field = await createCustomField(ctx, actor.eventId, request.body, actor.accountId);
      return reply.status(201).send(field);
    },
  );
  app.put(
    '/api/events/:eventId/custom-fields/order',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: reorderCustomFieldsBodySchema,
        response: { 200: customFieldListResponseSchema },
      },
      config,
      preValidation: admin,
    },
    async (request) => {
      const { eventId } = actorOf(request);
      return { items: await reorderCustomFields(ctx, eventId, request.body.ids) };
    },
  );
  app.get(
    '/api/events/:eventId/custom-fields/:customFieldId',
    {
      schema: { tags, params: customFieldParamsSchema, response: { 200: customFieldSchema } },
      preValidation: admin,
    },
    async (request) => getCustomField(ctx.db, actorOf(request).eventId, request.params.customFieldId),
  );
  app.patch(
    '/api/events/:eventId/custom-fields/:customFieldId',
    {
      schema: {
        tags,
        params: customFieldParamsSchema,
        body: updateCustomFieldBodySchema,
        response: { 200: customFieldSchema },
      },
      config,
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateCustomField(
        ctx,
        actor.eventId,
        request.params.customFieldId,
        request.body,
        actor.accountId,
      );
    },
  );
  app.delete(
    '/api/events/:eventId/custom-fields/:customFieldId',
    { schema: { tags, params: customFieldParamsSchema }, preValidation: admin },
    async (request, reply) => {
      const { eventId } = actorOf(request);
      await deleteCustomField(ctx, eventId, request.params.customFieldId);
      return reply.status(204).send();
    },
  );
};
