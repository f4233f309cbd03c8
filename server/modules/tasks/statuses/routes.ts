import { eventIdParamsSchema } from '../../../../shared/events/schema';
import {
  bulkStatusBodySchema,
  bulkStatusResponseSchema,
  dueSummarySchema,
  groupOrderBodySchema,
  groupTasksResponseSchema,
  teamStatusListQuerySchema,
  teamStatusListResponseSchema,
} from '../../../../shared/tasks/adminApi';
import { taskGroupParamsSchema, taskParamsSchema } from '../../../../shared/tasks/api';
import { TASK_ERRORS } from '../../../../shared/tasks/schema';
import { actorOf } from '../../../platform/http/guards';
import type { RouteModule } from '../../../platform/http/types';
import { listGroupTasks, reorderGroupTasks } from '../groups/service';
import { tasksPolicy } from '../policy';
import { countDueStatuses, listTeamStatuses } from './queries';
import { setTeamStatuses } from './service';

/** The organisers' views across teams: every team's status of a task, bulk changes, group order. */
export const taskAdminRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['tasks'];
  const moderator = [...guards.member, guards.authorize(tasksPolicy.manageTasks)];
  const base = '/api/events/:eventId';

  app.get(
    `${base}/tasks/due-summary`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: dueSummarySchema } },
      preValidation: moderator,
    },
    async (request) => countDueStatuses(ctx.db, actorOf(request).eventId),
  );
  app.get(
    `${base}/tasks/:taskId/teams`,
    {
      schema: {
        tags,
        params: taskParamsSchema,
        querystring: teamStatusListQuerySchema,
        response: { 200: teamStatusListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) =>
      listTeamStatuses(ctx.db, actorOf(request).eventId, request.params.taskId, request.query),
  );
  app.post(
    `${base}/tasks/:taskId/teams/status`,
    {
      schema: {
        tags,
        params: taskParamsSchema,
        body: bulkStatusBodySchema,
        response: { 200: bulkStatusResponseSchema },
      },
      config: { invalidMessage: TASK_ERRORS.invalidProgress },
      preValidation: moderator,
    },
    async (request) => setTeamStatuses(ctx, actorOf(request), request.params.taskId, request.body),
  );
  app.get(
    `${base}/task-groups/:groupId/tasks`,
    {
      schema: { tags, params: taskGroupParamsSchema, response: { 200: groupTasksResponseSchema } },
      preValidation: moderator,
    },
    async (request) => listGroupTasks(ctx.db, actorOf(request).eventId, request.params.groupId),
  );
  app.put(
    `${base}/task-groups/:groupId/order`,
    {
      schema: {
        tags,
        params: taskGroupParamsSchema,
        body: groupOrderBodySchema,
        response: { 200: groupTasksResponseSchema },
      },
      config: { invalidMessage: TASK_ERRORS.invalidGroup },
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      return reorderGroupTasks(
        ctx,
        actor.eventId,
        request.params.groupId,
        request.body.taskIds,
        actor.accountId,
      );
    },
  );
};
