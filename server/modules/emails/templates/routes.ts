import {
  previewBodySchema,
  previewResponseSchema,
  templateBodySchema,
  templateListResponseSchema,
  templateParamsSchema,
  templateSchema,
  testSendResponseSchema,
} from '../../../../shared/emails/templatesApi';
import { eventIdParamsSchema } from '../../../../shared/events/schema';
import { actorOf } from '../../../platform/http/guards';
import type { RouteModule } from '../../../platform/http/types';
import { emailTemplatesPolicy } from './policy';
import {
  getTemplate,
  listTemplates,
  previewTemplate,
  resetTemplate,
  saveTemplate,
  sendTestEmail,
} from './service';

/** The event's email templates: list, edit, preview, test send and reset (admin only). */
export const emailTemplateRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['emails'];
  const admin = [...guards.member, guards.authorize(emailTemplatesPolicy.manage)];
  const base = '/api/events/:eventId/email-templates';
  const config = { invalidMessage: 'Invalid email template' };

  app.get(
    base,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: templateListResponseSchema } },
      preValidation: admin,
    },
    async (request) => listTemplates(ctx.db, actorOf(request)),
  );
  app.get(
    `${base}/:kind`,
    {
      schema: { tags, params: templateParamsSchema, response: { 200: templateSchema } },
      preValidation: admin,
    },
    async (request) => getTemplate(ctx.db, actorOf(request), request.params.kind),
  );
  app.put(
    `${base}/:kind`,
    {
      schema: {
        tags,
        params: templateParamsSchema,
        body: templateBodySchema,
        response: { 200: templateSchema },
      },
      config,
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return saveTemplate(ctx, actor, request.params.kind, request.body);
    },
  );
  app.delete(
    `${base}/:kind`,
    {
      schema: { tags, params: templateParamsSchema, response: { 200: templateSchema } },
      preValidation: admin,
    },
    async (request) => resetTemplate(ctx.db, actorOf(request), request.params.kind),
  );
  app.post(
    `${base}/:kind/preview`,
    {
      schema: {
        tags,
        params: templateParamsSchema,
        body: previewBodySchema,
        response: { 200: previewResponseSchema },
      },
      config,
      preValidation: admin,
    },
    async (request) => previewTemplate(ctx.db, actorOf(request), request.params.kind, request.body),
  );
  app.post(
    `${base}/:kind/test`,
    {
      schema: { tags, params: templateParamsSchema, response: { 200: testSendResponseSchema } },
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return sendTestEmail(ctx, actor, request.params.kind);
    },
  );
};
