import {
  emailResponseListQuerySchema,
  emailResponseListResponseSchema,
  resendBodySchema,
  resendResponseSchema,
} from '../../../../shared/emails/responsesApi';
import { userParamsSchema } from '../../../../shared/people/users';
import { actorOf } from '../../../platform/http/guards';
import type { RouteModule } from '../../../platform/http/types';
import { peoplePolicy } from '../../people/policy';
import { listUserEmails, resendUserEmails } from './service';

/** A user's emails and resending them: whoever manages the event's users (spec: Email response). */
export const emailsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['emails'];
  const managers = [...guards.member, guards.authorize(peoplePolicy.manageUsers)];
  const base = '/api/events/:eventId/users/:userId/emails';

  app.get(
    base,
    {
      schema: {
        tags,
        params: userParamsSchema,
        querystring: emailResponseListQuerySchema,
        response: { 200: emailResponseListResponseSchema },
      },
      preValidation: managers,
    },
    async (request) => listUserEmails(ctx.db, actorOf(request), request.params.userId, request.query),
  );
  app.post(
    `${base}/resend`,
    {
      schema: {
        tags,
        params: userParamsSchema,
        body: resendBodySchema,
        response: { 200: resendResponseSchema },
      },
      preValidation: managers,
    },
    async (request) => {
      return resendUserEmails(ctx, actorOf(request), request.params.userId, request.body.ids);
    },
  );
};
