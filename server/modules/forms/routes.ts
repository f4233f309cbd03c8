import {
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
import { builderRoutes } from './builder/routes';
import {
  createConfirmation,
  deleteConfirmation,
  getConfirmation,
  listConfirmations,
  updateConfirmation,
} from './confirmations/service';
import { duplicateForm } from './duplicate/service';
import { fieldGroupRoutes } from './fieldGroups/routes';
import { notificationRoutes } from './notifications/routes';
import { formsPolicy } from './policy';
import { findForm, getFormDetail, listForms } from './queries';
import { createForm, deleteForms, setFormsArchived, updateForm, updateFormSettings } from './service';

export const formsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['forms'];
  const moderator = [...guards.member, guards.authorize(formsPolicy.manageForms)];
  const base = '/api/events/:eventId/forms';
  builderRoutes(app, ctx, {
    type: 'form',
    base,
    idParam: 'formId',
    guards: moderator,
    invalidMessage: FORM_ERRORS.invalidForm,
    schemas: {
      params: formParamsSchema,
      listQuery: formListQuerySchema,
      list: formListResponseSchema,
      create: formCreateBodySchema,
      update: formUpdateBodySchema,
      settings: formSettingsSchema,
      detail: formDetailSchema,
    },
    find: findForm,
    list: listForms,
    detail: getFormDetail,
    create: createForm,
    update: updateForm,
    updateSettings: updateFormSettings,
    duplicate: duplicateForm,
    setArchived: setFormsArchived,
    remove: deleteForms,
  });

  // ---- Confirmations ----
  const confirmations = `${base}/:formId/confirmations`;
  app.get(
    confirmations,
    {
      schema: { tags, params: formParamsSchema, response: { 200: confirmationListResponseSchema } },
      preValidation: moderator,
    },
    async (request) => listConfirmations(ctx.db, actorOf(request), request.params.formId),
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
      const created = await createConfirmation(ctx, actorOf(request), request.params.formId, request.body);
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
      return getConfirmation(ctx.db, actorOf(request), formId, confirmationId);
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
      const { formId, confirmationId } = request.params;
      return updateConfirmation(ctx, actorOf(request), formId, confirmationId, request.body);
    },
  );
  app.delete(
    `${confirmations}/:confirmationId`,
    { schema: { tags, params: confirmationParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      const { formId, confirmationId } = request.params;
      await deleteConfirmation(ctx, actorOf(request), formId, confirmationId);
      return reply.status(204).send();
    },
  );

  notificationRoutes(app, ctx, guards);
  fieldGroupRoutes(app, ctx, guards);
};
