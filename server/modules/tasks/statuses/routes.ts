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
import { TASK_ROUTES } from '../../../../shared/tasks/routes';
import { TASK_ERRORS } from '../../../../shared/tasks/schema';
import { actorOf } from '../../../platform/http/guards';
import { routeFrom } from '../../../platform/http/routeFrom';
import type { RouteModule } from '../../../platform/http/types';
import { listGroupTasks, reorderGroupTasks } from '../groups/service';
import { tasksPolicy } from '../policy';
import { countDueStatuses, listTeamStatuses } from './queries';
import { setTeamStatuses } from './service';

/** The organisers' views across teams: every team's status of a task, bulk changes, group order. */
export const taskAdminRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['tasks'];
  const moderator = [...guards.member, guards.authorize(tasksPolicy.manageTasks)];

  routeFrom(
    app,
    TASK_ROUTES.dueSummary,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: dueSummarySchema } },
      preValidation: moderator,
    },
    async (request) => countDueStatuses(ctx.db, actorOf(request).eventId),
  );
  routeFrom(
    app,
    TASK_ROUTES.teamStatuses,
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
  routeFrom(
    app,
    TASK_ROUTES.setTeamStatuses,
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
  routeFrom(
    app,
    TASK_ROUTES.groupTasks,
    {
      schema: { tags, params: taskGroupParamsSchema, response: { 200: groupTasksResponseSchema } },
      preValidation: moderator,
    },
    async (request) => listGroupTasks(ctx.db, actorOf(request).eventId, request.params.groupId),
  );
  routeFrom(
    app,
    TASK_ROUTES.orderGroupTasks,
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
