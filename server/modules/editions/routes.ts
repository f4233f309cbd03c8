import { z } from 'zod';
import { cloneParamsSchema, cloneRequestSchema, cloneStatusSchema } from '../../../shared/editions/clone';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { registerCloneJob } from './jobs';
import { editionsPolicy } from './policy';
import { getClone, latestClone, startClone } from './service';

/** "Create next edition" on /admin/event: start a clone job, and follow its progress. */
export const editionsRoutes: RouteModule = (app, ctx, guards) => {
  registerCloneJob(ctx);
  const tags = ['events'];
  const admin = [...guards.member, guards.authorize(editionsPolicy.createNextEdition)];

  app.post(
    '/api/events/:eventId/clones',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: cloneRequestSchema,
        response: { 202: cloneStatusSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const cloneId = await startClone(ctx, actor, request.body);
      return reply.status(202).send(await getClone(ctx.db, actor, cloneId));
    },
  );

  app.get(
    '/api/events/:eventId/clones/latest',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        response: { 200: z.object({ clone: cloneStatusSchema.nullable() }) },
      },
      preValidation: admin,
    },
    async (request) => ({ clone: await latestClone(ctx.db, actorOf(request)) }),
  );

  app.get(
    '/api/events/:eventId/clones/:cloneId',
    {
      schema: { tags, params: cloneParamsSchema, response: { 200: cloneStatusSchema } },
      preValidation: admin,
    },
    async (request) => getClone(ctx.db, actorOf(request), request.params.cloneId),
  );
};
