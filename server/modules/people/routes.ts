import { eventIdParamsSchema } from '../../../shared/events/schema';
import { userListQuerySchema, userListResponseSchema } from '../../../shared/people/schema';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { peoplePolicy } from './policy';
import { listUsers } from './service';

export const peopleRoutes: RouteModule = (app, ctx, guards) => {
  app.get(
    '/api/events/:eventId/users',
    {
      schema: {
        tags: ['people'],
        params: eventIdParamsSchema,
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema },
      },
      preHandler: [...guards.member, guards.authorize(peoplePolicy.listUsers)],
    },
    async (request) => listUsers(ctx.db, actorOf(request).eventId, request.query),
  );
};
