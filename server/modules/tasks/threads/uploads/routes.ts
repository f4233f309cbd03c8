import { threadParamsSchema } from '../../../../../shared/tasks/comments';
import {
  taskUploadSchema,
  uploadBodySchema,
  uploadListSchema,
  uploadParamsSchema,
} from '../../../../../shared/tasks/teamWork';
import { actorOf } from '../../../../platform/http/guards';
import type { RouteModule } from '../../../../platform/http/types';
import { tasksPolicy } from '../../policy';
import { openThread } from '../policy';
import { attachUpload, detachUpload } from '../service';
import { listUploads } from './service';

/** A team's uploads for an upload task, and who may read task files (decision 0011). */
export const taskUploadRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['tasks'];
  const anyMember = [...guards.member, guards.authorize(tasksPolicy.anyMember), guards.area('tasks')];
  const thread = '/api/events/:eventId/tasks/:taskId/teams/:teamId';

  app.get(
    `${thread}/uploads`,
    {
      schema: { tags, params: threadParamsSchema, response: { 200: uploadListSchema } },
      preValidation: anyMember,
    },
    async (request) => {
      const { eventId, taskId, teamId } = request.params;
      await openThread(ctx.db, actorOf(request), taskId, teamId);
      return { items: await listUploads(ctx.db, eventId, taskId, teamId) };
    },
  );
  app.post(
    `${thread}/uploads`,
    {
      schema: {
        tags,
        params: threadParamsSchema,
        body: uploadBodySchema,
        response: { 201: taskUploadSchema },
      },
      preValidation: anyMember,
    },
    async (request, reply) => {
      const { taskId, teamId } = request.params;
      const actor = actorOf(request);
      const created = await attachUpload(ctx, actor, { taskId, teamId }, request.body.fileId);
      return reply.status(201).send(created);
    },
  );
  app.delete(
    `${thread}/uploads/:uploadId`,
    { schema: { tags, params: uploadParamsSchema }, preValidation: anyMember },
    async (request, reply) => {
      const { taskId, teamId, uploadId } = request.params;
      const actor = actorOf(request);
      await detachUpload(ctx, actor, { taskId, teamId }, uploadId);
      return reply.status(204).send();
    },
  );
};
