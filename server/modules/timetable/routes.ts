import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { eventIdParamsSchema } from '../../../shared/events/schema';
import {
  feedCreatedSchema,
  feedStatusSchema,
  linkOptionsResponseSchema,
  myTimeTableResponseSchema,
  publicFeedParamsSchema,
  sessionListQuerySchema,
  sessionListResponseSchema,
  sessionParamsSchema,
  sessionSchema,
  trackListResponseSchema,
  trackParamsSchema,
  trackRowSchema,
} from '../../../shared/timetable/api';
import { ICS_CONTENT_TYPE } from '../../../shared/timetable/ics';
import { TIMETABLE_ROUTES as ROUTES } from '../../../shared/timetable/routes';
import { TIMETABLE_ERRORS } from '../../../shared/timetable/schema';
import { notFound } from '../../platform/http/errors';
import { actorOf } from '../../platform/http/guards';
import { routeFrom } from '../../platform/http/routeFrom';
import type { RouteModule } from '../../platform/http/types';
import { createFeed, deleteFeed, feedOwner, feedStatus, renderFeed } from './feeds/service';
import { sessionImportRoutes } from './import/routes';
import { linkOptions } from './links/queries';
import { readMyTimeTable, sessionCalendarFile } from './myTimeTable/queries';
import { timetablePolicy } from './policy';
import {
  createSession,
  deleteSession,
  duplicateSession,
  getSession,
  listSessions,
  updateSession,
} from './sessions/service';
import { createTrack, deleteTrack, listTracks, updateTrack } from './tracks/service';

/** Bodies are checked in the service, so a refusal says 'Invalid session values' with its issues. */
const anyBody = z.record(z.string(), z.unknown());

function sendCalendar(reply: FastifyReply, body: string, fileName?: string) {
  reply.header('content-type', ICS_CONTENT_TYPE).header('cache-control', 'private, no-cache');
  if (fileName) reply.header('content-disposition', `attachment; filename="${fileName}"`);
  return reply.send(body);
}

export const timetableRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['time table'];
  const moderator = [...guards.member, guards.authorize(timetablePolicy.manage)];
  const member = [...guards.member, guards.authorize(timetablePolicy.readOwn)];

  // ---- Sessions (moderators and above) ----
  routeFrom(
    app,
    ROUTES.listSessions,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: sessionListQuerySchema,
        response: { 200: sessionListResponseSchema },
      },
      preValidation: moderator,
    },
    async (request) => listSessions(ctx.db, actorOf(request).eventId, request.query),
  );
  routeFrom(
    app,
    ROUTES.createSession,
    {
      schema: { tags, params: eventIdParamsSchema, body: anyBody, response: { 201: sessionSchema } },
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply
        .status(201)
        .send(await createSession(ctx.db, actor.eventId, request.body, actor.accountId));
    },
  );
  routeFrom(
    app,
    ROUTES.getSession,
    {
      schema: { tags, params: sessionParamsSchema, response: { 200: sessionSchema } },
      preValidation: moderator,
    },
    async (request) => getSession(ctx.db, actorOf(request).eventId, request.params.sessionId),
  );
  routeFrom(
    app,
    ROUTES.updateSession,
    {
      schema: { tags, params: sessionParamsSchema, body: anyBody, response: { 200: sessionSchema } },
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateSession(ctx.db, actor.eventId, request.params.sessionId, request.body, actor.accountId);
    },
  );
  routeFrom(
    app,
    ROUTES.duplicateSession,
    {
      schema: { tags, params: sessionParamsSchema, response: { 201: sessionSchema } },
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply
        .status(201)
        .send(await duplicateSession(ctx.db, actor.eventId, request.params.sessionId, actor.accountId));
    },
  );
  routeFrom(
    app,
    ROUTES.deleteSession,
    { schema: { tags, params: sessionParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      await deleteSession(ctx.db, actorOf(request).eventId, request.params.sessionId);
      return reply.status(204).send();
    },
  );

  // ---- Tracks (moderators and above) ----
  routeFrom(
    app,
    ROUTES.listTracks,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: trackListResponseSchema } },
      preValidation: moderator,
    },
    async (request) => listTracks(ctx.db, actorOf(request).eventId),
  );
  routeFrom(
    app,
    ROUTES.createTrack,
    {
      schema: { tags, params: eventIdParamsSchema, body: anyBody, response: { 201: trackRowSchema } },
      preValidation: moderator,
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return reply.status(201).send(await createTrack(ctx.db, actor.eventId, request.body, actor.accountId));
    },
  );
  routeFrom(
    app,
    ROUTES.updateTrack,
    {
      schema: { tags, params: trackParamsSchema, body: anyBody, response: { 200: trackRowSchema } },
      preValidation: moderator,
    },
    async (request) => {
      const actor = actorOf(request);
      return updateTrack(ctx.db, actor.eventId, request.params.trackId, request.body, actor.accountId);
    },
  );
  routeFrom(
    app,
    ROUTES.deleteTrack,
    { schema: { tags, params: trackParamsSchema }, preValidation: moderator },
    async (request, reply) => {
      const actor = actorOf(request);
      await deleteTrack(ctx.db, actor.eventId, request.params.trackId, actor.accountId);
      return reply.status(204).send();
    },
  );

  routeFrom(
    app,
    ROUTES.linkOptions,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: linkOptionsResponseSchema } },
      preValidation: moderator,
    },
    async (request) => linkOptions(ctx.db, actorOf(request).eventId),
  );

  // ---- Bulk import of sessions (moderators and above) ----
  sessionImportRoutes(app, ctx, guards);

  // ---- Every member: their time table, a session's .ics, their private feed ----
  routeFrom(
    app,
    ROUTES.myTimeTable,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: myTimeTableResponseSchema } },
      preValidation: member,
    },
    async (request) => readMyTimeTable(ctx.db, actorOf(request)),
  );
  routeFrom(
    app,
    ROUTES.sessionCalendar,
    { schema: { tags, params: sessionParamsSchema }, preValidation: member },
    async (request, reply) => {
      const file = await sessionCalendarFile(ctx.db, actorOf(request), request.params.sessionId);
      return sendCalendar(reply, file.body, file.fileName);
    },
  );
  routeFrom(
    app,
    ROUTES.feedStatus,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: feedStatusSchema } },
      preValidation: member,
    },
    async (request) => feedStatus(ctx.db, actorOf(request)),
  );
  routeFrom(
    app,
    ROUTES.createFeed,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 201: feedCreatedSchema } },
      preValidation: member,
    },
    async (request, reply) => reply.status(201).send(await createFeed(ctx.db, actorOf(request))),
  );
  routeFrom(
    app,
    ROUTES.deleteFeed,
    { schema: { tags, params: eventIdParamsSchema }, preValidation: member },
    async (request, reply) => {
      await deleteFeed(ctx.db, actorOf(request));
      return reply.status(204).send();
    },
  );

  // Public: calendar apps hold no session. The token is the credential; an unknown, revoked or
  // forged one is simply not found, whatever the reason, so the answer leaks nothing.
  routeFrom(
    app,
    ROUTES.publicFeed,
    { config: { public: true }, schema: { tags, params: publicFeedParamsSchema } },
    async (request, reply) => {
      const owner = await feedOwner(ctx.db, request.params.eventId, request.params.token);
      if (!owner) throw notFound(TIMETABLE_ERRORS.feedNotFound);
      return sendCalendar(reply, await renderFeed(ctx.db, owner));
    },
  );
};
