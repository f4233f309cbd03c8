import { eventIdParamsSchema } from '../../../shared/events/schema';
import {
  oneTaskReportExportQuerySchema,
  oneTeamReportExportQuerySchema,
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
import {
  formReportExportQuerySchema,
  formReportQuerySchema,
  formReportResponseSchema,
  oneFormReportExportQuerySchema,
  oneFormReportQuerySchema,
  oneFormReportSchema,
  reportFormParamsSchema,
} from '../../../shared/reports/formsApi';
import { teamStatusListQuerySchema, teamStatusListResponseSchema } from '../../../shared/tasks/adminApi';
import type { EventScope } from '../../platform/http/actor';
import { actorOf } from '../../platform/http/guards';
import type { RouteModule } from '../../platform/http/types';
import { listTeamStatuses } from '../tasks/statuses/queries';
import { reportDay } from './day/queries';
import { oneTaskTable, oneTeamTable } from './exports/detail/present';
import { formsTable, oneFormTable } from './exports/forms/present';
import { sendReportFile, taskTable, teamTable } from './exports/present';
import { oneFormReport } from './forms/one/queries';
import { formReport, sortedFormRows } from './forms/queries';
import { reportFilterOptions, reportOverview } from './overview/service';
import { reportsPolicy } from './policy';
import { taskReport, taskReportRows } from './tasks/queries';
import { teamReportDetail } from './teams/detail/service';
import { scoredTeams, teamReport } from './teams/service';

/** No event has this many teams: one task's export asks for them all on one page. */
const ALL = 1_000_000;

/** Reports (spec: reportViewer and above). Every route only reads; see shared/reports/api.ts. */
export const reportsRoutes: RouteModule = (app, ctx, guards) => {
  const tags = ['reports'];
  const viewer = [...guards.member, guards.authorize(reportsPolicy.readReports)];
  const base = '/api/events/:eventId/reports';
  const dayOf = (scope: EventScope) => reportDay(ctx.db, scope);

  app.get(
    `${base}/filters`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: reportFilterOptionsSchema } },
      preValidation: viewer,
    },
    async (request) => reportFilterOptions(ctx.db, actorOf(request)),
  );
  app.get(
    `${base}/overview`,
    {
      schema: { tags, params: eventIdParamsSchema, response: { 200: reportOverviewSchema } },
      preValidation: viewer,
    },
    async (request) => {
      return reportOverview(ctx.db, actorOf(request), await dayOf(actorOf(request)));
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
      return taskReport(ctx.db, actorOf(request), await dayOf(actorOf(request)), request.query);
    },
  );
  app.get(
    `${base}/tasks/export`,
    {
      schema: { tags, params: eventIdParamsSchema, querystring: taskReportExportQuerySchema },
      preValidation: viewer,
    },
    async (request, reply) => {
      const day = await dayOf(actorOf(request));
      const rows = await taskReportRows(ctx.db, actorOf(request), day, request.query);
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
    `${base}/tasks/:taskId/export`,
    {
      schema: { tags, params: reportTaskParamsSchema, querystring: oneTaskReportExportQuerySchema },
      preValidation: viewer,
    },
    async (request, reply) => {
      const { eventId } = actorOf(request);
      const day = await dayOf(actorOf(request));
      const { format, ...query } = request.query;
      const { taskId } = request.params;
      // Every team on one page: the file holds what every page of the screen shows.
      const report = await listTeamStatuses(ctx.db, eventId, taskId, { ...query, page: 1 }, day.now, ALL);
      const table = oneTaskTable(report, day);
      return sendReportFile(reply, 'task', format, table, day, report.task.title);
    },
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
      return teamReport(ctx.db, actorOf(request), await dayOf(actorOf(request)), request.query);
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
        const day = await dayOf(actorOf(request));
        const { rows } = await scoredTeams(ctx.db, actorOf(request), day, request.query);
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
      return teamReportDetail(ctx.db, actorOf(request), request.params.teamId, await dayOf(actorOf(request)));
    },
  );

  app.get(
    `${base}/teams/:teamId/export`,
    {
      schema: { tags, params: reportTeamParamsSchema, querystring: oneTeamReportExportQuerySchema },
      preValidation: viewer,
    },
    async (request, reply) => {
      const day = await dayOf(actorOf(request));
      const detail = await teamReportDetail(ctx.db, actorOf(request), request.params.teamId, day);
      const table = oneTeamTable(detail, day);
      return sendReportFile(reply, 'team', request.query.format, table, day, detail.team.name);
    },
  );

  app.get(
    `${base}/forms`,
    {
      schema: {
        tags,
        params: eventIdParamsSchema,
        querystring: formReportQuerySchema,
        response: { 200: formReportResponseSchema },
      },
      preValidation: viewer,
    },
    async (request) => {
      return formReport(ctx.db, actorOf(request), await dayOf(actorOf(request)), request.query);
    },
  );
  app.get(
    `${base}/forms/export`,
    {
      schema: { tags, params: eventIdParamsSchema, querystring: formReportExportQuerySchema },
      preValidation: viewer,
    },
    async (request, reply) => {
      const day = await dayOf(actorOf(request));
      const rows = await sortedFormRows(ctx.db, actorOf(request), request.query);
      return sendReportFile(reply, 'forms', request.query.format, formsTable(rows, day), day);
    },
  );
  app.get(
    `${base}/forms/:formId`,
    {
      schema: {
        tags,
        params: reportFormParamsSchema,
        querystring: oneFormReportQuerySchema,
        response: { 200: oneFormReportSchema },
      },
      preValidation: viewer,
    },
    async (request) => {
      const day = await dayOf(actorOf(request));
      return oneFormReport(ctx, ctx.db, actorOf(request), request.params.formId, day, request.query);
    },
  );
  app.get(
    `${base}/forms/:formId/export`,
    {
      schema: { tags, params: reportFormParamsSchema, querystring: oneFormReportExportQuerySchema },
      preValidation: viewer,
    },
    async (request, reply) => {
      const day = await dayOf(actorOf(request));
      const { format, ...query } = request.query;
      const report = await oneFormReport(ctx, ctx.db, actorOf(request), request.params.formId, day, query);
      const table = oneFormTable(report, day);
      return sendReportFile(reply, 'form', format, table, day, report.form.title);
    },
  );
};
