import { eventIdParamsSchema } from '../../../shared/events/schema';
import { memberAreasBodySchema, memberAreasResponseSchema } from '../../../shared/people/memberAreasApi';
import {
  addTeamMemberBodySchema,
  createdMemberSchema,
  createdTeamSchema,
  createTeamBodySchema,
  myTeamResponseSchema,
  teamDetailSchema,
  teamListQuerySchema,
  teamListResponseSchema,
  teamMemberParamsSchema,
  teamParamsSchema,
  teamTypeBodySchema,
  teamTypeListResponseSchema,
  teamTypeParamsSchema,
  teamTypeSchema,
  updateTeamBodySchema,
  updateTeamMemberBodySchema,
  userListQuerySchema,
  userListResponseSchema,
} from '../../../shared/people/schema';
import { TEAM_ERRORS } from '../../../shared/people/teams';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { customFieldRoutes } from './customFields/routes';
import { userExportRoutes } from './export/service';
import { peoplePolicy } from './policy';
import { listUsers } from './service';
import { addTeamMember, removeTeamMember, setMemberAreas, updateTeamMember } from './teams/members/service';
import { getMyTeam, getTeamDetail, listTeams } from './teams/queries';
import { createStandShare, createTeam, deleteTeam, updateTeam } from './teams/service';
import {
  createTeamType,
  deleteTeamType,
  getTeamType,
  listTeamTypes,
  renameTeamType,
} from './teamTypes/service';
import { userAdminRoutes } from './users/routes';

export const peopleRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['people'];
  const moderator = [...guards.member, guards.authorize(peoplePolicy.manageTeams)];
  const admin = [...guards.member, guards.authorize(peoplePolicy.manageTeamTypes)];
  const anyMember = [...guards.member, guards.authorize(peoplePolicy.anyMember), guards.area('team')];
  const teamInvalid = { invalidMessage: TEAM_ERRORS.invalidTeam };
  const typeInvalid = { invalidMessage: TEAM_ERRORS.invalidTeamType };
  const userInvalid = { invalidMessage: TEAM_ERRORS.invalidUser };

  app.get(
    '/api/events/:eventId/users',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema },
      },
      preValidation: [...guards.member, guards.authorize(peoplePolicy.listUsers)],
    },
    async (request) => listUsers(ctx.db, actorOf(request).eventId, request.query),
  );

  // ---- Team types ----
  app.get(
    '/api/events/:eventId/team-types',
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: teamTypeListResponseSchema } },
      preValidation: [...guards.member, guards.authorize(peoplePolicy.readTeamTypes)],
    },
    async (request) => listTeamTypes(ctx.db, actorOf(request).eventId),
  );
  app.post(
    '/api/events/:eventId/team-types',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: teamTypeBodySchema,
        response: { 201: teamTypeSchema },
      },
      config: typeInvalid,
      preValidation: admin,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await createTeamType(ctx, actor.eventId, request.body.name, actor.accountId);
      return reply.status(201).send(created);
    },
  );
  app.get(
    '/api/events/:eventId/team-types/:teamTypeId',
    {
      schema: { tags, params: teamTypeParamsSchema, response: { 200: teamTypeSchema } },
      preValidation: admin,
    },
    async (request) => getTeamType(ctx.db, actorOf(request).eventId, request.params.teamTypeId),
  );
  app.put(
    '/api/events/:eventId/team-types/:teamTypeId',
    {
      schema: {
        tags,
        params: teamTypeParamsSchema,
        body: teamTypeBodySchema,
        response: { 200: teamTypeSchema },
      },
      config: typeInvalid,
      preValidation: admin,
    },
    async (request) => {
      const actor = actorOf(request);
      return renameTeamType(
        ctx,
        actor.eventId,
        request.params.teamTypeId,
        request.body.name,
        actor.accountId,
      );
    },
  );
  app.delete(
    '/api/events/:eventId/team-types/:teamTypeId',
    { schema: { tags, params: teamTypeParamsSchema }, preValidation: admin },
    async (request, reply) => {
      await deleteTeamType(ctx, actorOf(request).eventId, request.params.teamTypeId);
      return reply.status(204).send();
    },
  );

  // ---- Teams ----
  app.get(
    '/api/events/:eventId/teams',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: teamListQuerySchema,
        response: { 200: teamListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listTeams(ctx.db, actorOf(request).eventId, request.query),
  );
  app.post(
    '/api/events/:eventId/teams',
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        body: createTeamBodySchema,
        response: { 201: createdTeamSchema },
      },
      config: teamInvalid,
      preValidation: moderator,
    },
    async (request, reply) => reply.status(201).send(await createTeam(ctx, actorOf(request), request.body)),
  );
  app.get(
    '/api/events/:eventId/teams/:teamId',
    {
      schema: { tags, params: teamParamsSchema, response: { 200: teamDetailSchema } },
      preValidation: moderator,
    },
    async (request) => getTeamDetail(ctx.db, actorOf(request), request.params.teamId),
  );
  app.patch(
    '/api/events/:eventId/teams/:teamId',
    {
      schema: {
        tags,
        params: teamParamsSchema,
        body: updateTeamBodySchema,
        response: { 200: teamDetailSchema },
      },
      config: teamInvalid,
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      await updateTeam(ctx.db, actor, request.params.teamId, request.body);
      return getTeamDetail(ctx.db, actor, request.params.teamId);
    },
  );
  app.delete(
    '/api/events/:eventId/teams/:teamId',
    { schema: { tags, params: teamParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      await deleteTeam(ctx.db, actorOf(request), request.params.teamId);
      return reply.status(204).send();
    },
  );
  app.post(
    '/api/events/:eventId/teams/:teamId/stand-shares',
    {
      schema: {
        tags,
        params: teamParamsSchema,
        body: createTeamBodySchema,
        response: { 201: createdTeamSchema },
      },
      config: teamInvalid,
      preValidation: anyMember,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createStandShare(ctx, actorOf(request), request.params.teamId, request.body)),
  );

  // ---- Team members ----
  app.post(
    '/api/events/:eventId/teams/:teamId/members',
    {
      schema: {
        tags,
        params: teamParamsSchema,
        body: addTeamMemberBodySchema,
        response: { 201: createdMemberSchema },
      },
      config: userInvalid,
      preValidation: anyMember,
    },
    async (request, reply) =>
      reply.status(201).send(await addTeamMember(ctx, actorOf(request), request.params.teamId, request.body)),
  );
  app.patch(
    '/api/events/:eventId/teams/:teamId/members/:userId',
    {
      schema: {
        tags,
        params: teamMemberParamsSchema,
        body: updateTeamMemberBodySchema,
        response: { 200: teamDetailSchema },
      },
      config: userInvalid,
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      const { teamId, userId } = request.params;
      await updateTeamMember(ctx.db, actor, teamId, userId, request.body);
      return getTeamDetail(ctx.db, actor, teamId);
    },
  );
  app.delete(
    '/api/events/:eventId/teams/:teamId/members/:userId',
    { schema: { tags, params: teamMemberParamsSchema }, preValidation: anyMember },
    async (request, reply) => {
      const { teamId, userId } = request.params;
      await removeTeamMember(ctx.db, actorOf(request), teamId, userId);
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/events/:eventId/teams/:teamId/members/:userId/areas',
    {
      schema: {
        tags,
        params: teamMemberParamsSchema,
        body: memberAreasBodySchema,
        response: { 200: memberAreasResponseSchema },
      },
      config: userInvalid,
      preValidation: anyMember,
    },
    async (request) => {
      const { teamId, userId } = request.params;
      const areas = await setMemberAreas(ctx.db, actorOf(request), teamId, userId, request.body.areas);
      return { areas };
    },
  );

  app.get(
    '/api/events/:eventId/my-team',
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: myTeamResponseSchema } },
      preValidation: anyMember,
    },
    async (request) => getMyTeam(ctx.db, actorOf(request)),
  );

  customFieldRoutes(app, ctx, guards);
  userExportRoutes(app, ctx, guards);
  userAdminRoutes(app, ctx, guards);
};
