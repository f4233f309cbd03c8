import { eq } from 'drizzle-orm';
import { formParamsSchema } from '../../../../shared/forms/api';
import { guestContext } from '../../../../shared/forms/definition';
import {
  fillDefinitionSchema,
  guestSubmitBodySchema,
  guestUploadQuerySchema,
  guestUploadSchema,
  SUBMISSION_ERRORS,
  submitResultSchema,
} from '../../../../shared/forms/submissionsApi';
import { AppError, notFound } from '../../../platform/http/errors';
import type { RouteModule } from '../../../platform/http/types';
import { withinLimit } from '../../../platform/rateLimit';
import { forms } from '../../forms/tables';
import { withImages } from '../fill/present';
import { loadFill } from '../fill/queries';
import { checkedAnswers, confirmationFor } from '../fill/service';
import { formSubmissions } from '../tables';
import { GUEST_UPLOADER, placeOf, storeSubmissionUpload } from '../uploads/service';
import { guestSubmissionId, newGuestToken } from './policy';
import { storeGuestSubmission } from './service';

/** Guest submissions an address may make in an hour: a crowd at one venue, not a flood. */
export const GUEST_SUBMISSIONS_PER_HOUR = 30;
/** Guest uploads an address may make in an hour: a few files for each of those submissions. */
export const GUEST_UPLOADS_PER_HOUR = 120;

/**
 * Public forms (spec: guest routes). A form that is not public, not published, archived or missing
 * answers the same 404 'Form is not public', so nobody learns which forms exist.
 */
export const guestRoutes: RouteModule = (app, ctx) => {
  const tags = ['guests'];
  const load = async ({ formId }: { formId: string }) => {
    const eventId = await eventOfForm(formId);
    const loaded = eventId
      ? await loadFill(ctx, ctx.db, { eventId }, formId, 'open', SUBMISSION_ERRORS.notPublic)
      : null;
    if (!eventId || !loaded?.fill.form.isPublic) throw notPublic();
    return { eventId, ...loaded };
  };
  const notPublic = () => new AppError(404, 'not-found', SUBMISSION_ERRORS.notPublic);
  const eventOfForm = async (formId: string) => {
    const [found] = await ctx.db.select({ eventId: forms.eventId }).from(forms).where(eq(forms.id, formId));
    return found?.eventId ?? null;
  };
  const params = formParamsSchema.pick({ formId: true });

  app.get(
    '/api/guests/forms/:formId',
    {
      schema: { tags, params, response: { 200: fillDefinitionSchema } },
      config: { public: true },
    },
    async (request) => {
      const { eventId, fill } = await load(request.params);
      return withImages(ctx.db, eventId, fill, 'guest');
    },
  );
  app.post(
    '/api/guests/forms/:formId/submissions',
    {
      schema: { tags, params, body: guestSubmitBodySchema, response: { 201: submitResultSchema } },
      config: { public: true, invalidMessage: SUBMISSION_ERRORS.invalidSubmission },
    },
    async (request, reply) => {
      const { eventId, fill, definition } = await load(request.params);
      if (!(await withinLimit(ctx.db, `guest-submit:${request.ip}`, GUEST_SUBMISSIONS_PER_HOUR, 60 * 60))) {
        throw new AppError(429, 'rate-limited', SUBMISSION_ERRORS.tooManyGuestSubmissions);
      }
      const values = checkedAnswers(definition, request.body.values, {
        isDraft: false,
        context: guestContext,
      });
      const confirmationId = confirmationFor(definition, fill.confirmations, values, guestContext);
      // The honeypot: people never see the field, so whoever filled it in is a bot. It is told it
      // worked (so it does not try again differently) and nothing is stored.
      if (request.body.website !== '') {
        return reply.status(201).send({ id: guestSubmissionId(newGuestToken()), version: 1, confirmationId });
      }
      const row = await storeGuestSubmission(ctx, {
        eventId,
        formId: fill.form.id,
        definition,
        values,
        submissionId: request.body.submissionId,
      });
      return reply.status(201).send({ ...row, confirmationId });
    },
  );
  // A guest's upload for an answer: the same checks as a team's, limited per address like guest
  // submissions. Only a submission not stored yet takes files (a stored guest submission is the
  // organisers' to change).
  app.post(
    '/api/guests/forms/:formId/files',
    {
      schema: {
        tags,
        params,
        querystring: guestUploadQuerySchema,
        response: { 201: guestUploadSchema },
      },
      config: { public: true },
    },
    async (request, reply) => {
      const { eventId, definition } = await load(request.params);
      if (!(await withinLimit(ctx.db, `guest-upload:${request.ip}`, GUEST_UPLOADS_PER_HOUR, 60 * 60))) {
        throw new AppError(429, 'rate-limited', SUBMISSION_ERRORS.tooManyGuestUploads);
      }
      const { submissionId: given, ...place } = request.query;
      const token = given ?? newGuestToken();
      const submissionId = guestSubmissionId(token);
      if (given) {
        const [taken] = await ctx.db
          .select({ id: formSubmissions.id })
          .from(formSubmissions)
          .where(eq(formSubmissions.id, submissionId));
        if (taken) throw notFound(SUBMISSION_ERRORS.submissionNotFound);
      }
      const stored = await storeSubmissionUpload(ctx, request, {
        eventId,
        definition,
        place: placeOf(place),
        submissionId,
        uploadedBy: GUEST_UPLOADER,
      });
      // A guest cannot read files back; the name and size are what the form shows. The guest keeps
      // the token, never the id.
      const { url: _url, ...file } = stored.body.file;
      return reply.status(201).send({ submissionId: token, file });
    },
  );
};
