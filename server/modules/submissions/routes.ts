import { eventIdParamsSchema } from '../../../shared/events/schema';
import { bulkIdsBodySchema, bulkResultSchema, formParamsSchema } from '../../../shared/forms/api';
import {
  fillFormResponseSchema,
  myFormsQuerySchema,
  myFormsResponseSchema,
  SUBMISSION_ERRORS,
  saveAnswersBodySchema,
  savedDraftSchema,
  submissionExportQuerySchema,
  submissionListQuerySchema,
  submissionListResponseSchema,
  submissionParamsSchema,
  submissionUploadQuerySchema,
  submissionUploadSchema,
  submissionViewSchema,
  submitResultSchema,
} from '../../../shared/forms/submissionsApi';
import { forbidden, notFound } from '../../platform/http/errors';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { CONTENT_TYPES } from '../people/export/service';
import { deleteSubmissions, editSubmission, getSubmission, listSubmissions } from './admin/service';
import { csvStream, xlsxStream } from './export/present';
import { submissionsExport, submissionsFileName } from './export/service';
import { loadFill } from './fill/queries';
import { guestRoutes } from './guest/routes';
import { sendSubmissionPdf } from './pdf/service';
import { submissionsPolicy } from './policy';
import { findSubmission, lookupSubmission } from './queries';
import { getFillForm, getMySubmission, listMyForms } from './team/queries';
import { editMySubmission, saveDraft, submit } from './team/service';
import { hasReservedUploads } from './uploads/queries';
import { placeOf, storeSubmissionUpload } from './uploads/service';

/** A form with many fields and loops answers in a few hundred KB at most. */
const ANSWERS_BODY_LIMIT = 2 * 1024 * 1024;

export const submissionsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['submissions'];
  const team = [...guards.member, guards.authorize(submissionsPolicy.fillForms)];
  const organiser = [...guards.member, guards.authorize(submissionsPolicy.manageSubmissions)];
  const mine = '/api/events/:eventId/my-forms';
  const admin = '/api/events/:eventId/forms/:formId/submissions';
  const answers = {
    bodyLimit: ANSWERS_BODY_LIMIT,
    config: { invalidMessage: SUBMISSION_ERRORS.invalidSubmission },
  };

  // ---- The team's side ----
  app.get(
    mine,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: myFormsQuerySchema,
        response: { 200: myFormsResponseSchema },
      },
      preValidation: team,
    },
    async (request) => listMyForms(ctx.db, actorOf(request), request.query.search),
  );
  app.get(
    `${mine}/:formId`,
    {
      schema: { tags, params: formParamsSchema, response: { 200: fillFormResponseSchema } },
      preValidation: team,
    },
    async (request) => getFillForm(ctx, ctx.db, actorOf(request), request.params.formId),
  );
  app.put(
    `${mine}/:formId/draft`,
    {
      schema: {
        tags,
        params: formParamsSchema,
        body: saveAnswersBodySchema,
        response: { 200: savedDraftSchema },
      },
      ...answers,
      preValidation: team,
    },
    async (request) => saveDraft(ctx, actorOf(request), request.params.formId, request.body),
  );
  app.post(
    `${mine}/:formId/submit`,
    {
      schema: {
        tags,
        params: formParamsSchema,
        body: saveAnswersBodySchema,
        response: { 201: submitResultSchema },
      },
      ...answers,
      preValidation: team,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await submit(ctx, actor, request.params.formId, request.body);
      return reply.status(201).send(result);
    },
  );
  // An upload for an answer: the team's own (a new submission's id is made with the first file),
  // or an organiser's change to a stored submission.
  app.post(
    `${mine}/:formId/files`,
    {
      schema: {
        tags,
        params: formParamsSchema,
        querystring: submissionUploadQuerySchema,
        response: { 201: submissionUploadSchema },
      },
      preValidation: team,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { formId } = request.params;
      const { submissionId, ...place } = request.query;
      const isOrganiser = submissionsPolicy.manageSubmissions(actor);
      const { definition } = await loadFill(ctx, ctx.db, actor, formId, isOrganiser ? 'any' : 'open');
      if (submissionId) {
        const row = await lookupSubmission(ctx.db, { eventId: actor.eventId, formId, submissionId });
        const allowed = row
          ? isOrganiser || (actor.teamId !== null && row.teamId === actor.teamId)
          : // Not saved yet: the id this caller's first upload made (files chosen before the first
            // autosave). The first save takes it with the files (reservedSubmissionId).
            actor.teamId !== null && (await hasReservedUploads(ctx.db, actor, submissionId, actor.accountId));
        if (!allowed) throw notFound(SUBMISSION_ERRORS.submissionNotFound);
      } else if (!actor.teamId) {
        throw forbidden(SUBMISSION_ERRORS.noTeam);
      }
      const stored = await storeSubmissionUpload(ctx, request, {
        eventId: actor.eventId,
        definition,
        place: placeOf(place),
        submissionId,
        uploadedBy: actor.accountId,
      });
      return reply.status(201).send(stored.body);
    },
  );
  app.get(
    `${mine}/:formId/submissions/:submissionId/pdf`,
    { schema: { tags, params: submissionParamsSchema }, preValidation: team },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await findSubmission(ctx.db, { ...request.params, eventId: actor.eventId });
      if (!actor.teamId || row.teamId !== actor.teamId) {
        throw notFound(SUBMISSION_ERRORS.submissionNotFound);
      }
      return sendSubmissionPdf(ctx, actor, row, reply);
    },
  );
  app.get(
    `${mine}/:formId/submissions/:submissionId`,
    {
      schema: { tags, params: submissionParamsSchema, response: { 200: submissionViewSchema } },
      preValidation: team,
    },
    async (request) => getMySubmission(ctx, ctx.db, actorOf(request), request.params),
  );
  app.put(
    `${mine}/:formId/submissions/:submissionId`,
    {
      schema: {
        tags,
        params: submissionParamsSchema,
        body: saveAnswersBodySchema,
        response: { 200: submitResultSchema },
      },
      ...answers,
      preValidation: team,
    },
    async (request) => {
      const actor = actorOf(request);
      const result = await editMySubmission(ctx, actor, request.params, request.body);
      return result;
    },
  );

  // ---- The organiser's side ----
  app.get(
    admin,
    {
      schema: {
        tags,
        params: formParamsSchema,
        querystring: submissionListQuerySchema,
        response: { 200: submissionListResponseSchema },
      },
      preValidation: organiser,
    },
    async (request) => listSubmissions(ctx.db, actorOf(request), request.params.formId, request.query),
  );
  app.get(
    `${admin}/export`,
    {
      schema: { tags, params: formParamsSchema, querystring: submissionExportQuerySchema },
      preValidation: organiser,
    },
    async (request, reply) => {
      const { format } = request.query;
      const report = await submissionsExport(ctx, ctx.db, actorOf(request), request.params.formId);
      const fileName = submissionsFileName(report.title, report.fileDate, format);
      reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store');
      return reply.send(format === 'csv' ? csvStream(report) : xlsxStream(report, 'Submissions'));
    },
  );
  app.post(
    `${admin}/delete`,
    {
      schema: {
        tags,
        params: formParamsSchema,
        body: bulkIdsBodySchema,
        response: { 200: bulkResultSchema },
      },
      preValidation: organiser,
    },
    async (request) => deleteSubmissions(ctx, actorOf(request), request.params.formId, request.body.ids),
  );
  app.get(
    `${admin}/:submissionId/pdf`,
    { schema: { tags, params: submissionParamsSchema }, preValidation: organiser },
    async (request, reply) => {
      const eventId = actorOf(request).eventId;
      const row = await findSubmission(ctx.db, { ...request.params, eventId });
      return sendSubmissionPdf(ctx, { eventId }, row, reply);
    },
  );
  app.get(
    `${admin}/:submissionId`,
    {
      schema: { tags, params: submissionParamsSchema, response: { 200: submissionViewSchema } },
      preValidation: organiser,
    },
    async (request) => getSubmission(ctx, ctx.db, actorOf(request), request.params),
  );
  app.put(
    `${admin}/:submissionId`,
    {
      schema: {
        tags,
        params: submissionParamsSchema,
        body: saveAnswersBodySchema,
        response: { 200: submitResultSchema },
      },
      ...answers,
      preValidation: organiser,
    },
    async (request) => {
      const actor = actorOf(request);
      const result = await editSubmission(ctx, actor, request.params, request.body);
      return result;
    },
  );

  guestRoutes(app, ctx, guards);
};
