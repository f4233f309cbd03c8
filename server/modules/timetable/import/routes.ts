import { eventIdParamsSchema } from '../../../../shared/events/schema';
import {
  sessionImportResultSchema,
  sessionImportTemplateQuerySchema,
} from '../../../../shared/timetable/importApi';
import { MAX_SESSION_IMPORT_ROWS, SESSION_IMPORT_ERRORS } from '../../../../shared/timetable/importRules';
import { TIMETABLE_ROUTES as ROUTES } from '../../../../shared/timetable/routes';
import { actorOf } from '../../../platform/http/guards';
import { routeFrom } from '../../../platform/http/routeFrom';
import type { RouteModule } from '../../../platform/http/types';
import { uploadedFile } from '../../people/import/routes';
import { detectFormat, readSheet } from '../../people/import/sheet/service';
import { TEMPLATE_CONTENT_TYPES } from '../../people/import/template/present';
import { timetablePolicy } from '../policy';
import { buildSessionTemplate } from './present';
import { importSessions, previewSessionImport } from './service';

const LIMITS = { maxRows: MAX_SESSION_IMPORT_ROWS, tooManyRows: SESSION_IMPORT_ERRORS.tooManyRows };

/** /admin/time-table/import (moderator and above, as the rest of the time table): template, preview, import. */
export const sessionImportRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['time table'];
  const moderator = [...guards.member, guards.authorize(timetablePolicy.manage)];

  routeFrom(
    app,
    ROUTES.importTemplate,
    {
      schema: { tags, params: eventIdParamsSchema, querystring: sessionImportTemplateQuerySchema },
      preValidation: moderator,
    },
    async (request, reply) => {
      const { format } = request.query;
      const body = await buildSessionTemplate(ctx.db, actorOf(request).eventId, format);
      return reply
        .header('content-type', TEMPLATE_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="time-table-import-template.${format}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  routeFrom(
    app,
    ROUTES.importPreview,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: sessionImportResultSchema } },
      preValidation: moderator,
    },
    async (request) => {
      const { fileName, body } = await uploadedFile(request);
      const sheet = await readSheet(detectFormat(fileName, body), body, LIMITS);
      return previewSessionImport(ctx.db, actorOf(request).eventId, fileName, sheet);
    },
  );

  routeFrom(
    app,
    ROUTES.import,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 201: sessionImportResultSchema } },
      preValidation: moderator,
    },
    async (request, reply) => {
      const { fileName, body } = await uploadedFile(request);
      const sheet = await readSheet(detectFormat(fileName, body), body, LIMITS);
      return reply.status(201).send(await importSessions(ctx, actorOf(request), fileName, sheet));
    },
  );
};
