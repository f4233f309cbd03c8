import { eventIdParamsSchema } from '../../../shared/events/schema';
import {
  reportFilterOptionsSchema,
  reportOverviewSchema,
  reportTaskParamsSchema,
  reportTeamParamsSchema,
  taskReportExportQuerySchema,
  taskReportQuerySchema,
  taskReportResponseSchema,
  teamReportDetailSchema,
  teamReportExportQuerySchema,
  teamReportQuerySchema,
  teamReportResponseSchema,
} from '../../../shared/reports/api';
import { teamStatusListQuerySchema, teamStatusListResponseSchema } from '../../../shared/tasks/adminApi';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { listTeamStatuses } from '../tasks/teamStatuses';
import { sendReportFile, taskTable, teamTable } from './exportFiles';
import { reportFilterOptions, reportOverview } from './overview';
import { reportsPolicy } from './policy';
import { reportDay } from './reportDay';
import { taskReport, taskReportRows } from './taskReport';
import { teamReportDetail } from './teamDetail';
import { scoredTeams, teamReport } from './teamReport';

/** Reports (spec: reportViewer and above). Every route only reads; see shared/reports/api.ts. */
export const reportsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['reports'];
  const viewer = [...guards.member, guards.authorize(reportsPolicy.readReports)];
  const base = '/api/events/:eventId/reports';
  const dayOf = (eventId: string) => reportDay(ctx.db, eventId);

  app.get(
    `${base}/filters`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: reportFilterOptionsSchema } },
      preValidation: viewer,
    },
    async (request) => reportFilterOptions(ctx.db, actorOf(request).eventId),
  );
  app.get(
    `${base}/overview`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: reportOverviewSchema } },
      preValidation: viewer,
    },
    async (request) => {
      const { eventId } = actorOf(request);
      return reportOverview(ctx.db, eventId, await dayOf(eventId));
    },
  );

  app.get(
    `${base}/tasks`,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: taskReportQuerySchema,
        response: { 200: taskReportResponseSchema },
      },
      preValidation: viewer,
    },
    async (request) => {
      const { eventId } = actorOf(request);
      return taskReport(ctx.db, eventId, await dayOf(eventId), request.query);
    },
  );
  app.get(
    `${base}/tasks/export`,
    {
      schema: { tags, params: eventIdParamsSchema, querystring: taskReportExportQuerySchema },
      preValidation: viewer,
    },
    async (request, reply) => {
      const { eventId } = actorOf(request);
      const day = await dayOf(eventId);
      const rows = await taskReportRows(ctx.db, eventId, day, request.query);
      return sendReportFile(reply, 'tasks', request.query.format, taskTable(rows, day), day);
    },
  );
  app.get(
    `${base}/tasks/:taskId`,
    {
      schema: {
        tags,
        params: reportTaskParamsSchema,
        querystring: teamStatusListQuerySchema,
        response: { 200: teamStatusListResponseSchema },
      },
      preValidation: viewer,
    },
    async (request) =>
      listTeamStatuses(ctx.db, actorOf(request).eventId, request.params.taskId, request.query),
  );

  app.get(
    `${base}/teams`,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: teamReportQuerySchema,
        response: { 200: teamReportResponseSchema },
      },
      preValidation: viewer,
    },
    async (request) => {
      const { eventId } = actorOf(request);
      return teamReport(ctx.db, eventId, await dayOf(eventId), request.query);
    },
  );
  for (const report of ['teams', 'risk', 'logins'] as const) {
    app.get(
      `${base}/${report}/export`,
      {
        schema: { tags, params: eventIdParamsSchema, querystring: teamReportExportQuerySchema },
        preValidation: viewer,
      },
      async (request, reply) => {
        const { eventId } = actorOf(request);
        const day = await dayOf(eventId);
        const { rows } = await scoredTeams(ctx.db, eventId, day, request.query);
        return sendReportFile(reply, report, request.query.format, teamTable(report, rows, day), day);
      },
    );
  }
  app.get(
    `${base}/teams/:teamId`,
    {
      schema: { tags, params: reportTeamParamsSchema, response: { 200: teamReportDetailSchema } },
      preValidation: viewer,
    },
    async (request) => {
      const { eventId } = actorOf(request);
      return teamReportDetail(ctx.db, eventId, request.params.teamId, await dayOf(eventId));
    },
  );
};
