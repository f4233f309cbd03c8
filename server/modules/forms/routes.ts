import { z } from 'zod';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import {
  bulkIdsBodySchema,
  bulkResultSchema,
  confirmationBodySchema,
  confirmationListResponseSchema,
  confirmationParamsSchema,
  confirmationResponseSchema,
  FORM_ERRORS,
  formCreateBodySchema,
  formDetailSchema,
  formListQuerySchema,
  formListResponseSchema,
  formParamsSchema,
  formSettingsSchema,
  formUpdateBodySchema,
} from '../../../shared/forms/api';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import {
  createConfirmation,
  deleteConfirmation,
  getConfirmation,
  listConfirmations,
  updateConfirmation,
} from './confirmations/service';
import { duplicateForm } from './duplicate/service';
import { fieldGroupRoutes } from './fieldGroups/routes';
import { lockRoutes } from './locks/routes';
import { notificationRoutes } from './notifications/routes';
import { formsPolicy } from './policy';
import { findForm, getFormDetail, listForms } from './queries';
import { createForm, deleteForms, setFormsArchived, updateForm, updateFormSettings } from './service';

const emptyBody = z.strictObject({});
/** A 300-field form with its logic is a few hundred KB; leave room for the largest builders. */
const BUILDER_BODY_LIMIT = 4 * 1024 * 1024;

export const formsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['forms'];
  const moderator = [...guards.member, guards.authorize(formsPolicy.manageForms)];
  const base = '/api/events/:eventId/forms';
  const detail = (eventId: string, formId: string, accountId: string) =>
    getFormDetail(ctx, ctx.db, eventId, formId, accountId);

  app.get(
    base,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: formListQuerySchema,
        response: { 200: formListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listForms(ctx.db, actorOf(request).eventId, request.query),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: formCreateBodySchema,
        response: { 201: formDetailSchema },
      },
      preValidation: moderator,
    },
    async (request, reply) => {
      const { eventId, accountId } = actorOf(request);
      const formId = await createForm(ctx, eventId, request.body, accountId);
      return reply.status(201).send(await detail(eventId, formId, accountId));
    },
  );
  app.get(
    `${base}/:formId`,
    {
      schema: { tags, params: formParamsSchema, response: { 200: formDetailSchema } },
      preValidation: moderator,
    },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      return detail(eventId, request.params.formId, accountId);
    },
  );
  app.put(
    `${base}/:formId`,
    {
      schema: {
        tags,
        params: formParamsSchema,
        body: formUpdateBodySchema,
        response: { 200: formDetailSchema },
      },
      bodyLimit: BUILDER_BODY_LIMIT,
      preValidation: moderator,
    },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      const { formId } = request.params;
      await updateForm(ctx, eventId, formId, request.body, accountId);
      return detail(eventId, formId, accountId);
    },
  );
  app.patch(
    `${base}/:formId/settings`,
    {
      schema: {
        tags,
        params: formParamsSchema,
        body: formSettingsSchema,
        response: { 200: formDetailSchema },
      },
      config: { invalidMessage: FORM_ERRORS.invalidForm },
      preValidation: moderator,
    },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      const { formId } = request.params;
      await updateFormSettings(ctx, eventId, formId, request.body, accountId);
      return detail(eventId, formId, accountId);
    },
  );
  app.post(
    `${base}/:formId/duplicate`,
    {
      schema: { tags, params: formParamsSchema, body: emptyBody, response: { 201: formDetailSchema } },
      preValidation: moderator,
    },
    async (request, reply) => {
      const { eventId, accountId } = actorOf(request);
      const copyId = await duplicateForm(ctx, eventId, request.params.formId, accountId);
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
        preValidation: moderator,
      },
      async (request) => {
        const { eventId, accountId } = actorOf(request);
        return setFormsArchived(ctx.db, eventId, request.body.ids, isArchived, accountId);
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
      preValidation: moderator,
    },
    async (request) => {
      const { eventId } = actorOf(request);
      return deleteForms(ctx, eventId, request.body.ids);
    },
  );
  lockRoutes(app, ctx, {
    type: 'form',
    path: `${base}/:formId/lock`,
    params: formParamsSchema,
    guards: moderator,
    idOf: (params) => params.formId,
    find: findForm,
  });

  // ---- Confirmations ----
  const confirmations = `${base}/:formId/confirmations`;
  app.get(
    confirmations,
    {
      schema: { tags, params: formParamsSchema, response: { 200: confirmationListResponseSchema } },
      preValidation: moderator,
    },
    async (request) => listConfirmations(ctx.db, actorOf(request).eventId, request.params.formId),
  );
  app.post(
    confirmations,
    {
      schema: {
        tags,
        params: formParamsSchema,
        body: confirmationBodySchema,
        response: { 201: confirmationResponseSchema },
      },
      preValidation: moderator,
    },
    async (request, reply) => {
      const { eventId, accountId } = actorOf(request);
      const created = await createConfirmation(ctx, eventId, request.params.formId, request.body, accountId);
      return reply.status(201).send(created);
    },
  );
  app.get(
    `${confirmations}/:confirmationId`,
    {
      schema: { tags, params: confirmationParamsSchema, response: { 200: confirmationResponseSchema } },
      preValidation: moderator,
    },
    async (request) => {
      const { formId, confirmationId } = request.params;
      return getConfirmation(ctx.db, actorOf(request).eventId, formId, confirmationId);
    },
  );
  app.put(
    `${confirmations}/:confirmationId`,
    {
      schema: {
        tags,
        params: confirmationParamsSchema,
        body: confirmationBodySchema,
        response: { 200: confirmationResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => {
      const { eventId, accountId } = actorOf(request);
      const { formId, confirmationId } = request.params;
      return updateConfirmation(ctx, eventId, formId, confirmationId, request.body, accountId);
    },
  );
  app.delete(
    `${confirmations}/:confirmationId`,
    { schema: { tags, params: confirmationParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      const { formId, confirmationId } = request.params;
      await deleteConfirmation(ctx, actorOf(request).eventId, formId, confirmationId);
      return reply.status(204).send();
    },
  );

  notificationRoutes(app, ctx, guards);
  fieldGroupRoutes(app, ctx, guards);
};
