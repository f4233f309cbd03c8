import { z } from 'zod';
import { eventIdParamsSchema } from '../../../../shared/events/schema';
import {
  COMMENT_ERRORS,
  commentBodySchema,
  commentParamsSchema,
  commentViewSchema,
  likeResponseSchema,
  pinBodySchema,
  replyBodySchema,
  replyViewSchema,
  threadParamsSchema,
  threadResponseSchema,
} from '../../../../shared/tasks/comments';
import { TASK_ROUTES } from '../../../../shared/tasks/routes';
import {
  acceptanceSchema,
  acceptDisclaimerBodySchema,
  assignmentBodySchema,
  assignmentResponseSchema,
  TEAM_WORK_ERRORS,
  teamWorkSchema,
  teamWorkSummarySchema,
} from '../../../../shared/tasks/teamWork';
import { actorOf } from '../../../platform/http/guards';
import { routeFrom } from '../../../platform/http/routeFrom';
import type { RouteModule } from '../../../platform/http/types';
import { tasksPolicy } from '../policy';
import { listThread } from './comments/service';
import { openThread } from './policy';
import { getTeamWork, teamWorkSummary } from './queries';
import {
  acceptTaskDisclaimer,
  commentOnThread,
  likeComment,
  pinComment,
  removeComment,
  setAssignees,
} from './service';

/**
 * The team's side of a task beyond its progress: comments, assignees, disclaimers and uploads, under
 * /tasks/:taskId/teams/:teamId (a team reaches its own; organisers reach every team's; decision 0011).
 */
export const teamTaskRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['tasks'];
  const anyMember = [...guards.member, guards.authorize(tasksPolicy.anyMember), guards.area('tasks')];
  const emptyBody = z.strictObject({});

  routeFrom(
    app,
    TASK_ROUTES.workSummary,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: teamWorkSummarySchema } },
      preValidation: anyMember,
    },
    async (request) => teamWorkSummary(ctx.db, actorOf(request)),
  );
  routeFrom(
    app,
    TASK_ROUTES.work,
    {
      schema: { tags, params: threadParamsSchema, response: { 200: teamWorkSchema } },
      preValidation: anyMember,
    },
    async (request) => {
      const { taskId, teamId } = request.params;
      return getTeamWork(ctx.db, await openThread(ctx.db, actorOf(request), taskId, teamId));
    },
  );

  // ---- Comments ----
  routeFrom(
    app,
    TASK_ROUTES.thread,
    {
      schema: { tags, params: threadParamsSchema, response: { 200: threadResponseSchema } },
      preValidation: anyMember,
    },
    async (request) => {
      const { taskId, teamId } = request.params;
      return listThread(ctx.db, await openThread(ctx.db, actorOf(request), taskId, teamId));
    },
  );
  routeFrom(
    app,
    TASK_ROUTES.comment,
    {
      schema: {
        tags,
        params: threadParamsSchema,
        body: commentBodySchema,
        response: { 201: commentViewSchema },
      },
      config: { invalidMessage: COMMENT_ERRORS.invalidComment },
      preValidation: anyMember,
    },
    async (request, reply) => {
      const { taskId, teamId } = request.params;
      const view = await commentOnThread(ctx, actorOf(request), { taskId, teamId }, request.body.text);
      return reply.status(201).send(commentViewSchema.parse(view));
    },
  );
  routeFrom(
    app,
    TASK_ROUTES.reply,
    {
      schema: {
        tags,
        params: commentParamsSchema,
        body: replyBodySchema,
        response: { 201: replyViewSchema },
      },
      config: { invalidMessage: COMMENT_ERRORS.invalidReply },
      preValidation: anyMember,
    },
    async (request, reply) => {
      const { taskId, teamId, commentId } = request.params;
      const view = await commentOnThread(
        ctx,
        actorOf(request),
        { taskId, teamId },
        request.body.text,
        commentId,
      );
      return reply.status(201).send(view);
    },
  );
  routeFrom(
    app,
    TASK_ROUTES.like,
    {
      schema: { tags, params: commentParamsSchema, body: emptyBody, response: { 200: likeResponseSchema } },
      preValidation: anyMember,
    },
    async (request) => {
      const { taskId, teamId, commentId } = request.params;
      return likeComment(ctx, actorOf(request), { taskId, teamId }, commentId);
    },
  );
  routeFrom(
    app,
    TASK_ROUTES.pin,
    {
      schema: { tags, params: commentParamsSchema, body: pinBodySchema },
      config: { invalidMessage: COMMENT_ERRORS.invalidComment },
      preValidation: anyMember,
    },
    async (request, reply) => {
      const { taskId, teamId, commentId } = request.params;
      await pinComment(ctx, actorOf(request), { taskId, teamId }, commentId, request.body.isPinned);
      return reply.status(204).send();
    },
  );
  routeFrom(
    app,
    TASK_ROUTES.deleteComment,
    { schema: { tags, params: commentParamsSchema }, preValidation: anyMember },
    async (request, reply) => {
      const { taskId, teamId, commentId } = request.params;
      await removeComment(ctx, actorOf(request), { taskId, teamId }, commentId);
      return reply.status(204).send();
    },
  );

  // ---- Assignees and disclaimer (uploads: uploads/routes.ts) ----
  routeFrom(
    app,
    TASK_ROUTES.assignees,
    {
      schema: {
        tags,
        params: threadParamsSchema,
        body: assignmentBodySchema,
        response: { 200: assignmentResponseSchema },
      },
      config: { invalidMessage: TEAM_WORK_ERRORS.invalidUser },
      preValidation: anyMember,
    },
    async (request) => {
      const { taskId, teamId } = request.params;
      const assignedTo = await setAssignees(ctx, actorOf(request), { taskId, teamId }, request.body);
      return { assignedTo };
    },
  );
  routeFrom(
    app,
    TASK_ROUTES.acceptDisclaimer,
    {
      schema: {
        tags,
        params: threadParamsSchema,
        body: acceptDisclaimerBodySchema,
        response: { 200: acceptanceSchema },
      },
      preValidation: anyMember,
    },
    async (request) => {
      const { taskId, teamId } = request.params;
      return acceptTaskDisclaimer(ctx, actorOf(request), { taskId, teamId });
    },
  );
};
