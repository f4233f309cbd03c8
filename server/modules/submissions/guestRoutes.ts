import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formParamsSchema } from '../../../shared/forms/api';
import { guestContext } from '../../../shared/forms/definition';
import {
  fillDefinitionSchema,
  guestSubmitBodySchema,
  SUBMISSION_ERRORS,
  submitResultSchema,
} from '../../../shared/forms/submissionsApi';
import { AppError } from '../../platform/http/errors';
import type { RouteModule } from '../../platform/http/types';
import { withinLimit } from '../../platform/rateLimit';
import { forms } from '../forms/tables';
import { checkedAnswers, confirmationFor } from './answers';
import { loadFill } from './definition';
import { announceSubmission, recordSubmissionEvent } from './saved';
import { formSubmissions } from './tables';

/** Guest submissions an address may make in an hour: a crowd at one venue, not a flood. */
export const GUEST_SUBMISSIONS_PER_HOUR = 30;

/**
 * Public forms (spec: guest routes). A form that is not public, not published, archived or missing
 * answers the same 404 'Form is not public', so nobody learns which forms exist.
 */
export const guestRoutes: RouteModule = (app, ctx) => {
  const tags = ['guests'];
  const load = async ({ formId }: { formId: string }) => {
    const eventId = await eventOfForm(formId);
    const loaded = eventId
      ? await loadFill(ctx, ctx.db, eventId, formId, 'open', SUBMISSION_ERRORS.notPublic)
      : null;
    if (!eventId || !loaded || !loaded.fill.form.isPublic) throw notPublic();
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
    async (request) => (await load(request.params)).fill,
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
        return reply.status(201).send({ id: randomUUID(), version: 1, confirmationId });
      }
      const row = await ctx.db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(formSubmissions)
          .values({
            eventId,
            formId: fill.form.id,
            teamId: null,
            isDraft: false,
            isGuest: true,
            values,
            submittedAt: new Date(),
            createdBy: 'guest',
            updatedBy: 'guest',
          })
          .returning({ id: formSubmissions.id, version: formSubmissions.version });
        if (!stored) throw new Error('guest submission not stored');
        const submission = { submissionId: stored.id, version: stored.version };
        await recordSubmissionEvent(tx, {
          eventId,
          formId: fill.form.id,
          ...submission,
          kind: 'submitted',
          by: 'guest',
        });
        return stored;
      });
      await announceSubmission(ctx, eventId, row.id);
      return reply.status(201).send({ ...row, confirmationId });
    },
  );
};
