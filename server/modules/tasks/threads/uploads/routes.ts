import { threadParamsSchema } from '../../../../../shared/tasks/comments';
import { TASK_ROUTES } from '../../../../../shared/tasks/routes';
import {
  taskUploadSchema,
  uploadBodySchema,
  uploadListSchema,
  uploadParamsSchema,
} from '../../../../../shared/tasks/teamWork';
import { actorOf } from '../../../../platform/http/guards';
import { routeFrom } from '../../../../platform/http/routeFrom';
import type { RouteModule } from '../../../../platform/http/types';
import { tasksPolicy } from '../../policy';
import { openThread } from '../policy';
import { attachUpload, detachUpload } from '../service';
import { listUploads } from './service';

/** A team's uploads for an upload task, and who may read task files (decision 0011). */
export const taskUploadRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['tasks'];
  const anyMember = [...guards.member, guards.authorize(tasksPolicy.anyMember), guards.area('tasks')];

  routeFrom(
    app,
    TASK_ROUTES.uploads,
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
  routeFrom(
    app,
    TASK_ROUTES.attachUpload,
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
  routeFrom(
    app,
    TASK_ROUTES.detachUpload,
    { schema: { tags, params: uploadParamsSchema }, preValidation: anyMember },
    async (request, reply) => {
      const { taskId, teamId, uploadId } = request.params;
      const actor = actorOf(request);
      await detachUpload(ctx, actor, { taskId, teamId }, uploadId);
      return reply.status(204).send();
    },
  );
};
