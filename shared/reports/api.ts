import { z } from 'zod';
import type { Permission } from '../auth/permissions';
import { SUBMISSION_STATES } from '../forms/submissionsApi';
import { listQuerySchema, pagedSchema } from '../people/schema';
import { taskIdFilterSchema, teamStatusListQuerySchema } from '../tasks/adminApi';
import { TASK_STATUS_FILTERS, TEAM_TASK_STATUSES } from '../tasks/dueStatus';
import { TASK_TYPES } from '../tasks/schema';
import { formReportRowSchema } from './formsApi';
import { LOGIN_ACTIVITIES } from './loginActivity';
import { RISK_LEVELS } from './risk';

/**
 * The HTTP contract of reports (spec: reports need the reportViewer level). Every call only reads;
 * an id of another event answers 404. Form reports: shared/reports/formsApi.ts.
 *
 * Routes (prefix /api/events/:eventId/reports):
 *   GET /filters                                   ReportFilterOptions (team types and task groups to filter by)
 *   GET /overview                                  ReportOverview (teams by login activity and risk level, task completion)
 *   GET /tasks?page&sort&order&search&status&type&groupId&teamTypeId&dueStatus&taskId   TaskReportResponse
 *   GET /tasks/:taskId?page&sort&order&search&status&actionStatus   TeamStatusListResponse (shared/tasks/adminApi)
 *   GET /teams?page&sort&order&search&teamTypeId&level&activity                 TeamReportResponse
 *   GET /teams/:teamId                             TeamReportDetail (members' logins, tasks, the score explained)
 *   GET /tasks/export | /teams/export | /risk/export | /logins/export ?format=csv|xlsx&<the screen's filters>
 *       every matching row (no paging), report labels, dates in the event's zone, formula cells neutralised
 *   GET /tasks/:taskId/export?format&search&status&sort&order   every team's status of one task
 *   GET /teams/:teamId/export?format                            one team: its line, members, tasks and forms
 */

export const REPORTS_LEVEL = 'reportViewer' satisfies Permission;

export const REPORT_ERRORS = {
  taskNotFound: 'Task not found',
  teamNotFound: 'Team not found',
} as const;

// ---- Filter options (report viewers cannot call the admin lists of team types and task groups) ----

export const reportFilterOptionsSchema = z.object({
  teamTypes: z.array(z.object({ id: z.uuid(), name: z.string() })),
  taskGroups: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type ReportFilterOptions = z.output<typeof reportFilterOptionsSchema>;

// ---- Overview ----

const levelCounts = z.object(
  Object.fromEntries(RISK_LEVELS.map((l) => [l, z.number().int()])) as {
    [K in (typeof RISK_LEVELS)[number]]: z.ZodNumber;
  },
);
const activityCounts = z.object(
  Object.fromEntries(LOGIN_ACTIVITIES.map((a) => [a, z.number().int()])) as {
    [K in (typeof LOGIN_ACTIVITIES)[number]]: z.ZodNumber;
  },
);
/** Team task statuses across the event, by chip (one per team and task it applies to). */
const statusCounts = z.object(
  Object.fromEntries(TEAM_TASK_STATUSES.map((s) => [s, z.number().int()])) as {
    [K in (typeof TEAM_TASK_STATUSES)[number]]: z.ZodNumber;
  },
);
export type TaskStatusCounts = z.output<typeof statusCounts>;

export const reportOverviewSchema = z.object({
  teams: z.number().int(),
  byRiskLevel: levelCounts,
  byLoginActivity: activityCounts,
  neverLoggedIn: z.number().int(),
  taskStatuses: statusCounts,
  /** The published forms by title (the first OVERVIEW_FORM_LIMIT), teams by state of each. */
  forms: z.array(formReportRowSchema),
  /** How many published forms there are in all. */
  formCount: z.number().int(),
  /** Today in the event's time zone, the day statuses and scores are worked out for. */
  today: z.string(),
  launchDate: z.string().nullable(),
});
export type ReportOverview = z.output<typeof reportOverviewSchema>;

// ---- Task report ----

/**
 * The task's own due status (spec: task due status; a team's chip adds complete and n/a to it). Not
 * "urgency": on the task lists that word is the Time sensitive flag (decision 0044).
 */
export const TASK_DUE_STATUSES = ['overdue', 'dueSoon', 'notDue'] as const;
export type TaskDueStatus = (typeof TASK_DUE_STATUSES)[number];
export const TASK_DUE_STATUS_LABELS: Record<TaskDueStatus, string> = {
  overdue: 'Overdue',
  dueSoon: 'Due Soon',
  notDue: 'Not due yet',
};

export const TASK_REPORT_SORTS = ['dueDate', 'title', 'completion', 'overdue'] as const;
export const taskReportQuerySchema = listQuerySchema(TASK_REPORT_SORTS, 'dueDate').extend({
  /** Tasks where at least one team has this chip. */
  status: z.enum(TASK_STATUS_FILTERS).optional(),
  type: z.enum(TASK_TYPES).optional(),
  /** A group's id, or 'unassigned' for tasks in no group. */
  groupId: z.union([z.uuid(), z.literal('unassigned')]).optional(),
  /** Count only teams of this type. */
  teamTypeId: z.uuid().optional(),
  dueStatus: z.enum(TASK_DUE_STATUSES).optional(),
  /** Spec filter "task id": the one task's line. */
  taskId: taskIdFilterSchema,
});
export type TaskReportQuery = z.input<typeof taskReportQuerySchema>;

export const taskReportRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(TASK_TYPES),
  groupTitle: z.string().nullable(),
  dueDate: z.string(),
  dueStatus: z.enum(TASK_DUE_STATUSES),
  /** Teams the task applies to (it is visible to them, organiser teams aside). */
  teams: z.number().int(),
  counts: statusCounts,
});
export type TaskReportRow = z.output<typeof taskReportRowSchema>;
export const taskReportResponseSchema = pagedSchema(taskReportRowSchema).extend({ today: z.string() });
export type TaskReportResponse = z.output<typeof taskReportResponseSchema>;

export const reportTaskParamsSchema = z.strictObject({ eventId: z.uuid(), taskId: z.uuid() });
export const reportTeamParamsSchema = z.strictObject({ eventId: z.uuid(), teamId: z.uuid() });

// ---- Team report (teams, risk and login activity are views of the same rows) ----

export const TEAM_REPORT_SORTS = ['riskScore', 'name', 'lastLogin', 'completion'] as const;
export type TeamReportSort = (typeof TEAM_REPORT_SORTS)[number];
/** Spec sort default: team health by riskScore, highest first. */
export const teamReportQuerySchema = listQuerySchema(TEAM_REPORT_SORTS, 'riskScore')
  .extend({
    order: z.enum(['asc', 'desc']).default('desc'),
    teamTypeId: z.uuid().optional(),
    level: z.enum(RISK_LEVELS).optional(),
    activity: z.enum(LOGIN_ACTIVITIES).optional(),
  })
  .strict();
export type TeamReportQuery = z.input<typeof teamReportQuerySchema>;

const teamTaskCounts = z.object({
  total: z.number().int(),
  complete: z.number().int(),
  na: z.number().int(),
  overdue: z.number().int(),
  dueSoon: z.number().int(),
  pending: z.number().int(),
});

export const teamReportRowSchema = z.object({
  teamId: z.uuid(),
  name: z.string(),
  teamTypeName: z.string().nullable(),
  members: z.number().int(),
  membersLoggedIn: z.number().int(),
  hasTeamLoggedIn: z.boolean(),
  /** ISO instant of the most recent login of any member; null when none has logged in. */
  teamLastLoginInTime: z.string().nullable(),
  loginActivity: z.enum(LOGIN_ACTIVITIES),
  tasks: teamTaskCounts,
  /** Published forms, and those the team has submitted (a draft is not a submission). */
  forms: z.object({ total: z.number().int(), submitted: z.number().int() }),
  riskScore: z.number(),
  riskPercent: z.number(),
  riskLevel: z.enum(RISK_LEVELS),
  reasons: z.array(z.string()),
});
export type TeamReportRow = z.output<typeof teamReportRowSchema>;
export const teamReportResponseSchema = pagedSchema(teamReportRowSchema).extend({
  byRiskLevel: levelCounts,
  today: z.string(),
});
export type TeamReportResponse = z.output<typeof teamReportResponseSchema>;

export const teamReportDetailSchema = z.object({
  team: teamReportRowSchema,
  /** The parts of the score, for "why". */
  risk: z.object({
    engagement: z.enum(['neverLoggedIn', 'noActivity', 'active']),
    base: z.number(),
    taskRisk: z.number(),
    taskScale: z.number(),
  }),
  members: z.array(
    z.object({
      accountId: z.uuid(),
      name: z.string(),
      email: z.string(),
      isOwner: z.boolean(),
      hasLoggedIn: z.boolean(),
      lastLoginInTime: z.string().nullable(),
    }),
  ),
  taskStatuses: z.array(
    z.object({
      taskId: z.uuid(),
      title: z.string(),
      dueDate: z.string(),
      status: z.enum(TEAM_TASK_STATUSES),
      /** Who last changed the status and when (for complete: who completed it). */
      updatedBy: z.string().nullable(),
      updatedAt: z.string().nullable(),
    }),
  ),
  /** Every published form: submitted (at least one submission), draft (only a draft) or not started. */
  forms: z.array(
    z.object({
      formId: z.uuid(),
      title: z.string(),
      state: z.enum(SUBMISSION_STATES),
      submissions: z.number().int(),
      /** ISO instant of the latest submission; null when none. */
      lastSubmittedAt: z.string().nullable(),
    }),
  ),
  today: z.string(),
  launchDate: z.string().nullable(),
});
export type TeamReportDetail = z.output<typeof teamReportDetailSchema>;

// ---- Exports ----

export const REPORT_EXPORTS = ['tasks', 'teams', 'risk', 'logins', 'forms'] as const;
export type ReportExport = (typeof REPORT_EXPORTS)[number];
export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
const format = { format: z.enum(REPORT_EXPORT_FORMATS) };
/** The filters and sort of the report's screen, so the file holds what the screen shows (every page). */
export const taskReportExportQuerySchema = taskReportQuerySchema.omit({ page: true }).extend(format);
export const teamReportExportQuerySchema = teamReportQuerySchema.omit({ page: true }).extend(format);
/** One task's teams: the task screen's filters and sort. */
export const oneTaskReportExportQuerySchema = teamStatusListQuerySchema.omit({ page: true }).extend(format);
/** One team's report has no filters. */
export const oneTeamReportExportQuerySchema = z.strictObject(format);

/** A same-origin GET, so a plain link downloads it with the session cookie. */
export function reportExportPath(
  eventId: string,
  report: ReportExport,
  fileFormat: ReportExportFormat,
  filters: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams({ format: fileFormat });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `/api/events/${eventId}/reports/${report}/export?${params}`;
}

/** One task's or one team's report as a file: a same-origin GET like the lists' exports. */
export function reportDetailExportPath(
  eventId: string,
  report: 'tasks' | 'teams',
  id: string,
  fileFormat: ReportExportFormat,
  filters: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams({ format: fileFormat });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `/api/events/${eventId}/reports/${report}/${id}/export?${params}`;
}
