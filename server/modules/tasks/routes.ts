import { z } from 'zod';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import {
  adminTaskBodySchema,
  adminTaskDetailSchema,
  adminTaskListQuerySchema,
} from '../../../shared/tasks/adminApi';
import {
  myTasksResponseSchema,
  reviewBodySchema,
  setStatusBodySchema,
  taskGroupBodySchema,
  taskGroupListQuerySchema,
  taskGroupListResponseSchema,
  taskGroupParamsSchema,
  taskGroupRowSchema,
  taskListResponseSchema,
  taskParamsSchema,
  taskStatusResponseSchema,
  taskTeamParamsSchema,
} from '../../../shared/tasks/api';
import { TASK_ROUTES } from '../../../shared/tasks/routes';
import { TASK_ERRORS } from '../../../shared/tasks/schema';
import { actorOf } from '../../platform/http/guards';
import { routeFrom } from '../../platform/http/routeFrom';
import type { RouteModule } from '../../platform/http/types';
import {
  createTaskGroup,
  deleteTaskGroup,
  getTaskGroup,
  listTaskGroups,
  renameTaskGroup,
  setTaskGroupArchived,
} from './groups/service';
import { listMyTasks, reviewTeamTask } from './myTasks/service';
import { tasksPolicy } from './policy';
import { registerTaskReminders } from './reminders/jobs';
import { createTask, deleteTask, getTask, listTasks, setTaskArchived, updateTask } from './service';
import { taskAdminRoutes } from './statuses/routes';
import { saveMyProgress } from './threads/service';

const emptyBody = z.strictObject({});

export const tasksRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['tasks'];
  const moderator = [...guards.member, guards.authorize(tasksPolicy.manageTasks)];
  const anyMember = [...guards.member, guards.authorize(tasksPolicy.anyMember), guards.area('tasks')];
  const groupInvalid = { invalidMessage: TASK_ERRORS.invalidGroup };
  const taskInvalid = { invalidMessage: TASK_ERRORS.invalidTask };
  taskAdminRoutes(app, ctx, guards);
  registerTaskReminders(ctx);

  // ---- Task groups ----
  routeFrom(
    app,
    TASK_ROUTES.listGroups,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: taskGroupListQuerySchema,
        response: { 200: taskGroupListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listTaskGroups(ctx.db, actorOf(request).eventId, request.query.archived),
  );
  routeFrom(
    app,
    TASK_ROUTES.createGroup,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: taskGroupBodySchema,
        response: { 201: taskGroupRowSchema },
      },
      config: groupInvalid,
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await createTaskGroup(ctx.db, actor.eventId, request.body.title, actor.accountId);
      return reply.status(201).send(created);
    },
  );
  routeFrom(
    app,
    TASK_ROUTES.getGroup,
    {
      schema: { tags, params: taskGroupParamsSchema, response: { 200: taskGroupRowSchema } },
      preValidation: moderator,
    },
    async (request) => getTaskGroup(ctx.db, actorOf(request).eventId, request.params.groupId),
  );
  routeFrom(
    app,
    TASK_ROUTES.updateGroup,
    {
      schema: {
        tags,
        params: taskGroupParamsSchema,
        body: taskGroupBodySchema,
        response: { 200: taskGroupRowSchema },
      },
      config: groupInvalid,
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      return renameTaskGroup(
        ctx.db,
        actor.eventId,
        request.params.groupId,
        request.body.title,
        actor.accountId,
      );
    },
  );
  for (const [route, isArchived] of [
    [TASK_ROUTES.archiveGroup, true],
    [TASK_ROUTES.unarchiveGroup, false],
  ] as const) {
    routeFrom(
      app,
      route,
      {
        schema: {
          tags,
          params: taskGroupParamsSchema,
          body: emptyBody,
          response: { 200: taskGroupRowSchema },
        },
        preValidation: moderator,
      },
      async (request) => {
        const actor = actorOf(request);
        return setTaskGroupArchived(ctx, actor.eventId, request.params.groupId, isArchived, actor.accountId);
      },
    );
  }
  routeFrom(
    app,
    TASK_ROUTES.deleteGroup,
    { schema: { tags, params: taskGroupParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      await deleteTaskGroup(ctx.db, actorOf(request).eventId, request.params.groupId);
      return reply.status(204).send();
    },
  );

  // ---- Tasks (admin) ----
  routeFrom(
    app,
    TASK_ROUTES.list,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: adminTaskListQuerySchema,
        response: { 200: taskListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listTasks(ctx.db, actorOf(request).eventId, request.query),
  );
  routeFrom(
    app,
    TASK_ROUTES.create,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: adminTaskBodySchema,
        response: { 201: adminTaskDetailSchema },
      },
      config: taskInvalid,
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await createTask(ctx, actor.eventId, request.body, actor.accountId);
      return reply.status(201).send(created);
    },
  );
  routeFrom(
    app,
    TASK_ROUTES.get,
    {
      schema: { tags, params: taskParamsSchema, response: { 200: adminTaskDetailSchema } },
      preValidation: moderator,
    },
    async (request) => getTask(ctx.db, actorOf(request).eventId, request.params.taskId),
  );
  routeFrom(
    app,
    TASK_ROUTES.update,
    {
      schema: {
        tags,
        params: taskParamsSchema,
        body: adminTaskBodySchema,
        response: { 200: adminTaskDetailSchema },
      },
      config: taskInvalid,
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateTask(ctx, actor.eventId, request.params.taskId, request.body, actor.accountId);
    },
  );
  for (const [route, isArchived] of [
    [TASK_ROUTES.archive, true],
    [TASK_ROUTES.unarchive, false],
  ] as const) {
    routeFrom(
      app,
      route,
      {
        schema: { tags, params: taskParamsSchema, body: emptyBody, response: { 200: adminTaskDetailSchema } },
        preValidation: moderator,
      },
      async (request) => {
        const actor = actorOf(request);
        return setTaskArchived(ctx.db, actor.eventId, request.params.taskId, isArchived, actor.accountId);
      },
    );
  }
  routeFrom(
    app,
    TASK_ROUTES.delete,
    { schema: { tags, params: taskParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      const { eventId } = actorOf(request);
      await deleteTask(ctx, eventId, request.params.taskId);
      return reply.status(204).send();
    },
  );

  // ---- The team's side ----
  routeFrom(
    app,
    TASK_ROUTES.mine,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: myTasksResponseSchema } },
      preValidation: anyMember,
    },
    async (request) => listMyTasks(ctx.db, actorOf(request)),
  );
  routeFrom(
    app,
    TASK_ROUTES.setStatus,
    {
      schema: {
        tags,
        params: taskParamsSchema,
        body: setStatusBodySchema,
        response: { 200: taskStatusResponseSchema },
      },
      config: { invalidMessage: TASK_ERRORS.invalidProgress },
      preValidation: anyMember,
    },
    async (request) =>
      saveMyProgress(ctx, actorOf(request), request.params.taskId, request.body.progressStatus),
  );
  routeFrom(
    app,
    TASK_ROUTES.review,
    {
      schema: {
        tags,
        params: taskTeamParamsSchema,
        body: reviewBodySchema,
        response: { 200: taskStatusResponseSchema },
      },
      preValidation: [...guards.member, guards.authorize(tasksPolicy.reviewTasks)],
    },
    async (request) => reviewTeamTask(ctx, actorOf(request), request.params, request.body),
  );
};
