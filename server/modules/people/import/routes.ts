import type { FastifyRequest } from 'fastify';
import { eventIdParamsSchema } from '../../../../shared/events/schema';
import { IMPORT_ERRORS, MAX_IMPORT_FILE_BYTES } from '../../../../shared/people/importRules';
import {
  importParamsSchema,
  importRowListResponseSchema,
  importRowQuerySchema,
  importTemplateQuerySchema,
  latestImportResponseSchema,
  teamImportSchema,
} from '../../../../shared/people/importSchema';
import { AppError, badRequest } from '../../../platform/http/errors';
import { actorOf } from '../../../platform/http/guards';
import type { RouteModule } from '../../../platform/http/types';
import { registerTeamImportJob } from './jobs';
import { teamImportPolicy } from './policy';
import { createPreview } from './preview/service';
import { getImport, latestImport, listImportRows } from './queries';
import { startImport } from './service';
import { detectFormat, readSheet } from './sheet/service';
import { buildTemplate, TEMPLATE_CONTENT_TYPES } from './template/present';

/** The uploaded file of a multipart request (field `file`), within the import's size limit. */
export async function uploadedFile(request: FastifyRequest): Promise<{ fileName: string; body: Buffer }> {
  if (!request.isMultipart()) throw badRequest(IMPORT_ERRORS.wrongFileType);
  const file = await request.file({ limits: { fileSize: MAX_IMPORT_FILE_BYTES } });
  if (!file) throw badRequest(IMPORT_ERRORS.wrongFileType);
  try {
    return { fileName: file.filename, body: await file.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'payload-too-large', IMPORT_ERRORS.tooLarge);
    throw err;
  }
}

/** /admin/teams/import: template, upload and preview, start, progress and check records. */
export const teamImportRoutes: RouteModule = (app, ctx, guards) => {
  registerTeamImportJob(ctx);
  const tags = ['people'];
  const admin = [...guards.member, guards.authorize(teamImportPolicy.importTeams)];

  app.get(
    '/api/events/:eventId/team-imports/template',
    {
      schema: { tags, params: eventIdParamsSchema, querystring: importTemplateQuerySchema },
      preValidation: admin,
    },
    async (request, reply) => {
      const { format } = request.query;
      const body = await buildTemplate(ctx.db, actorOf(request).eventId, format);
      return reply
        .header('content-type', TEMPLATE_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="team-import-template.${format}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.post(
    '/api/events/:eventId/team-imports',
    {
      schema: { tags, params: eventIdParamsSchema, response: { 201: teamImportSchema } },
      preValidation: admin,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { fileName, body } = await uploadedFile(request);
      const sheet = await readSheet(detectFormat(fileName, body), body);
      const importId = await createPreview(ctx.db, actor, fileName, sheet);
      return reply.status(201).send(await getImport(ctx.db, actor.eventId, importId));
    },
  );

  app.get(
    '/api/events/:eventId/team-imports/latest',
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: latestImportResponseSchema } },
      preValidation: admin,
    },
    async (request) => ({ import: await latestImport(ctx.db, actorOf(request).eventId) }),
  );

  app.get(
    '/api/events/:eventId/team-imports/:importId',
    {
      schema: { tags, params: importParamsSchema, response: { 200: teamImportSchema } },
      preValidation: admin,
    },
    async (request) => getImport(ctx.db, actorOf(request).eventId, request.params.importId),
  );

  app.get(
    '/api/events/:eventId/team-imports/:importId/rows',
    {
      schema: {
        tags,
        params: importParamsSchema,
        querystring: importRowQuerySchema,
        response: { 200: importRowListResponseSchema },
      },
      preValidation: admin,
    },
    async (request) =>
      listImportRows(ctx.db, actorOf(request).eventId, request.params.importId, request.query),
  );

  app.post(
    '/api/events/:eventId/team-imports/:importId/start',
    {
      schema: { tags, params: importParamsSchema, response: { 202: teamImportSchema } },
      preValidation: admin,
    },
    async (request, reply) => {
      const started = await startImport(ctx, actorOf(request), request.params.importId);
      return reply.status(202).send(started);
    },
  );
};
