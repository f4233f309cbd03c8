import { eventIdParamsSchema } from '../../../../shared/events/schema';
import { updateMyTeamBodySchema } from '../../../../shared/people/customFields';
import { myTeamResponseSchema } from '../../../../shared/people/schema';
import { TEAM_ERRORS } from '../../../../shared/people/teams';
import {
  bulkDeleteTeamsBodySchema,
  bulkDeleteTeamsResponseSchema,
  changePermissionBodySchema,
  deleteUserQuerySchema,
  USER_ERRORS,
  userParamsSchema,
} from '../../../../shared/people/users';
import { actorOf } from '../../../platform/http/guards';
import type { RouteModule } from '../../../platform/http/types';
import { endLiveAccount } from '../../../platform/live/publish';
import { updateMyTeamFields } from '../myTeam/service';
import { peoplePolicy } from '../policy';
import { bulkDeleteTeams } from '../teams/delete/service';
import { getMyTeam } from '../teams/queries';
import { changePermission, deleteUser, resendWelcome } from './service';

/** /admin/users actions (permission, welcome chaser, delete with transfer), bulk team delete, /my-team settings. */
export const userAdminRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['people'];
  const userInvalid = { invalidMessage: USER_ERRORS.invalidUser };

  app.put(
    '/api/events/:eventId/users/:userId/permissions',
    {
      schema: { tags, params: userParamsSchema, body: changePermissionBodySchema },
      config: userInvalid,
      preValidation: [...guards.member, guards.authorize(peoplePolicy.changePermissions)],
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await changePermission(ctx.db, actor, request.params.userId, request.body.permissions);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/events/:eventId/users/:userId/welcome-chaser',
    {
      schema: { tags, params: userParamsSchema },
      preValidation: [...guards.member, guards.authorize(peoplePolicy.manageUsers)],
    },
    async (request, reply) => {
      await resendWelcome(ctx, actorOf(request), request.params.userId);
      return reply.status(204).send();
    },
  );
  app.delete(
    '/api/events/:eventId/users/:userId',
    {
      schema: { tags, params: userParamsSchema, querystring: deleteUserQuerySchema },
      config: { invalidMessage: USER_ERRORS.userIdNotValid },
      preValidation: [...guards.member, guards.authorize(peoplePolicy.manageUsers)],
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const accountDeleted = await deleteUser(
        ctx.db,
        actor,
        request.params.userId,
        request.query.transferToId,
      );
      // Its sessions ended with the account: its streams close now, in every process.
      if (accountDeleted) await endLiveAccount(ctx, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/events/:eventId/teams/bulk-delete',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: bulkDeleteTeamsBodySchema,
        response: { 200: bulkDeleteTeamsResponseSchema },
      },
      config: { invalidMessage: TEAM_ERRORS.invalidTeam },
      preValidation: [...guards.member, guards.authorize(peoplePolicy.manageTeams)],
    },
    async (request) => bulkDeleteTeams(ctx.db, actorOf(request), request.body.teamIds),
  );

  app.patch(
    '/api/events/:eventId/my-team',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: updateMyTeamBodySchema,
        response: { 200: myTeamResponseSchema },
      },
      config: { invalidMessage: TEAM_ERRORS.invalidTeam },
      preValidation: [...guards.member, guards.authorize(peoplePolicy.anyMember), guards.area('team')],
    },
    async (request) => {
      const actor = actorOf(request);
      await updateMyTeamFields(ctx.db, actor, request.body.customFields);
      return getMyTeam(ctx.db, actor);
    },
  );
};
