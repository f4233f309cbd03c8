import { z } from 'zod';
import { eventIdParamsSchema } from '../../../../shared/events/schema';
import {
  bulkIdsBodySchema,
  bulkResultSchema,
  FORM_ERRORS,
  fieldGroupCreateBodySchema,
  fieldGroupDetailSchema,
  fieldGroupListQuerySchema,
  fieldGroupListResponseSchema,
  fieldGroupParamsSchema,
  fieldGroupSettingsSchema,
  fieldGroupUpdateBodySchema,
} from '../../../../shared/forms/api';
import type { AppContext } from '../../../platform/context';
import { actorOf, type Guards } from '../../../platform/http/guards';
import type { App } from '../../../platform/http/types';
import { lockRoutes } from '../locks/routes';
import { formsPolicy } from '../policy';
import { listFieldGroups } from '../queries';
import {
  createFieldGroup,
  deleteFieldGroups,
  duplicateGroup,
  findGroup,
  getFieldGroupDetail,
  setFieldGroupsArchived,
  updateFieldGroup,
  updateFieldGroupSettings,
} from './service';

const emptyBody = z.strictObject({});
const BUILDER_BODY_LIMIT = 4 * 1024 * 1024;

/** Field groups: admin only (spec), the same shape as the forms routes. */
export function fieldGroupRoutes(app: App, ctx: AppContext, guards: Guards) {
  const tags = ['forms'];
  const admin = [...guards.member, guards.authorize(formsPolicy.manageFieldGroups)];
  const base = '/api/events/:eventId/field-groups';
  const detail = (eventId: string, groupId: string, accountId: string) =>
    getFieldGroupDetail(ctx, ctx.db, eventId, groupId, accountId);

  app.get(
    base,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: fieldGroupListQuerySchema,
        response: { 200: fieldGroupListResponseSchema },
      },
      preValidation: admin,
    },
    async (request) => listFieldGroups(ctx.db, actorOf(request).eventId, request.query),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: fieldGroupCreateBodySchema,
        response: { 201: fieldGroupDetailSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const { eventId, accountId } = actorOf(request);
      const groupId = await createFieldGroup(ctx, eventId, request.body, accountId);
      return reply.status(201).send(await detail(eventId, groupId, accountId));
    },
  );
  app.get(
    `${base}/:fieldGroupId`,
    {
      schema: { tags, params: fieldGroupParamsSchema, response: { 200: fieldGroupDetailSchema } },
      preValidation: admin,
    },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      return detail(eventId, request.params.fieldGroupId, accountId);
    },
  );
  app.put(
    `${base}/:fieldGroupId`,
    {
      schema: {
        tags,
        params: fieldGroupParamsSchema,
        body: fieldGroupUpdateBodySchema,
        response: { 200: fieldGroupDetailSchema },
      },
      bodyLimit: BUILDER_BODY_LIMIT,
      preValidation: admin,
    },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      const { fieldGroupId } = request.params;
      await updateFieldGroup(ctx, eventId, fieldGroupId, request.body, accountId);
      return detail(eventId, fieldGroupId, accountId);
    },
  );
  app.patch(
    `${base}/:fieldGroupId/settings`,
    {
      schema: {
        tags,
        params: fieldGroupParamsSchema,
        body: fieldGroupSettingsSchema,
        response: { 200: fieldGroupDetailSchema },
      },
      config: { invalidMessage: FORM_ERRORS.invalidFieldGroup },
      preValidation: admin,
    },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      const { fieldGroupId } = request.params;
      await updateFieldGroupSettings(ctx, eventId, fieldGroupId, request.body, accountId);
      return detail(eventId, fieldGroupId, accountId);
    },
  );
  app.post(
    `${base}/:fieldGroupId/duplicate`,
    {
      schema: {
        tags,
        params: fieldGroupParamsSchema,
        body: emptyBody,
        response: { 201: fieldGroupDetailSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const { eventId, accountId } = actorOf(request);
      const copyId = await duplicateGroup(ctx, eventId, request.params.fieldGroupId, accountId);
      return reply.status(201).send(await detail(eventId, copyId, accountId));
    },
  );
  for (const [action, isArchived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(
      `${base}/${action}`,
      {
        schema: {
          tags,
          params: eventIdParamsSchema,
          body: bulkIdsBodySchema,
          response: { 200: bulkResultSchema },
        },
        preValidation: admin,
      },
      async (request) => {
        const { eventId, accountId } = actorOf(request);
        return setFieldGroupsArchived(ctx.db, eventId, request.body.ids, isArchived, accountId);
      },
    );
  }
  app.post(
    `${base}/delete`,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: bulkIdsBodySchema,
        response: { 200: bulkResultSchema },
      },
      preValidation: admin,
    },
    async (request) => {
      const { eventId } = actorOf(request);
      return deleteFieldGroups(ctx, eventId, request.body.ids);
    },
  );
  lockRoutes(app, ctx, {
    type: 'fieldGroup',
    path: `${base}/:fieldGroupId/lock`,
    params: fieldGroupParamsSchema,
    guards: admin,
    idOf: (params) => params.fieldGroupId,
    find: findGroup,
  });
}
