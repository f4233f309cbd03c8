import type { FastifyReply } from 'fastify';
import { neutraliseCell } from '../../../../shared/people/export';
import {
  type ReportExport,
  type ReportExportFormat,
  TASK_DUE_STATUS_LABELS,
  type TaskReportRow,
  type TeamReportRow,
} from '../../../../shared/reports/api';
import { LOGIN_ACTIVITY_LABELS } from '../../../../shared/reports/loginActivity';
import { RISK_LEVEL_LABELS } from '../../../../shared/reports/risk';
import { TASK_TYPE_LABELS } from '../../../../shared/tasks/api';
import { userReportCsv, userReportXlsx } from '../../people/export/service';
import type { ReportDay } from '../day/queries';
import { taskCompletion } from '../tasks/queries';
import { completionOf } from '../teams/service';

/**
 * Report files (spec: report exports): the report's labels as headers, dates in the event's time
 * zone and locale, shares as percentages with one decimal, and every cell neutralised against formula
 * injection (a team called '=HYPERLINK(...)' stays text). Written by the user export's CSV and
 * streaming XLSX writers, so every spreadsheet of the portal is made one way.
 */

export type Table = { header: string[]; rows: (string | number)[][] };
/** A report file: one of the report lists, one form's submissions, one task's teams or one team. */
export type ReportFile = ReportExport | 'form' | 'task' | 'team';

const SHEET_NAMES: Record<ReportFile, string> = {
  tasks: 'Tasks',
  forms: 'Forms',
  form: 'Submissions',
  task: 'Teams of the task',
  team: 'Team',
  teams: 'Teams',
  risk: 'Risk',
  logins: 'Login activity',
};

export function formatters(day: ReportDay) {
  const dateTime = new Intl.DateTimeFormat(day.locale, {
    timeZone: day.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  // A calendar date has no zone: format its UTC midnight in UTC so no shift can move the day.
  const date = new Intl.DateTimeFormat(day.locale, { timeZone: 'UTC', dateStyle: 'medium' });
  return {
    dateTime: (value: string | null) => (value === null ? '' : dateTime.format(new Date(value))),
    date: (value: string) => date.format(new Date(`${value}T00:00:00Z`)),
    percent: (share: number) => (share * 100).toFixed(1),
    yesNo: (value: boolean) => (value ? 'Yes' : 'No'),
  };
}

export function taskTable(rows: TaskReportRow[], day: ReportDay): Table {
  const f = formatters(day);
  return {
    header: [
      'Task',
      'Type',
      'Group',
      'Due Date',
      'Due status',
      'Teams',
      'Complete',
      'Incomplete',
      'Due Soon',
      'Overdue',
      'N/A',
      'Complete %',
    ],
    rows: rows.map((r) => [
      r.title,
      TASK_TYPE_LABELS[r.type],
      r.groupTitle ?? '',
      f.date(r.dueDate),
      TASK_DUE_STATUS_LABELS[r.dueStatus],
      r.teams,
      r.counts.complete,
      r.counts.incomplete,
      r.counts.dueSoon,
      r.counts.overdue,
      r.counts['n/a'],
      f.percent(taskCompletion(r)),
    ]),
  };
}

export function teamTable(
  report: Exclude<ReportExport, 'tasks' | 'forms'>,
  rows: TeamReportRow[],
  day: ReportDay,
): Table {
  const f = formatters(day);
  if (report === 'risk') {
    return {
      header: ['Team Name', 'Team Type', 'Risk Level', 'Risk Score', 'Risk %', 'Reasons'],
      rows: rows.map((r) => [
        r.name,
        r.teamTypeName ?? '',
        RISK_LEVEL_LABELS[r.riskLevel],
        r.riskScore.toFixed(4),
        r.riskPercent.toFixed(1),
        r.reasons.join('; '),
      ]),
    };
  }
  if (report === 'logins') {
    return {
      header: [
        'Team Name',
        'Team Type',
        'Has Team Logged In',
        'Team Last Login',
        'Login Activity',
        'Members',
        'Members Logged In',
      ],
      rows: rows.map((r) => [
        r.name,
        r.teamTypeName ?? '',
        f.yesNo(r.hasTeamLoggedIn),
        f.dateTime(r.teamLastLoginInTime),
        LOGIN_ACTIVITY_LABELS[r.loginActivity],
        r.members,
        r.membersLoggedIn,
      ]),
    };
  }
  return {
    header: [
      'Team Name',
      'Team Type',
      'Members',
      'Has Team Logged In',
      'Team Last Login',
      'Login Activity',
      'Tasks',
      'Complete',
      'Overdue',
      'Due Soon',
      'Complete %',
      'Risk Level',
      'Risk %',
      'Forms Submitted',
      'Forms',
    ],
    rows: rows.map((r) => [
      r.name,
      r.teamTypeName ?? '',
      r.members,
      f.yesNo(r.hasTeamLoggedIn),
      f.dateTime(r.teamLastLoginInTime),
      LOGIN_ACTIVITY_LABELS[r.loginActivity],
      r.tasks.total,
      r.tasks.complete,
      r.tasks.overdue,
      r.tasks.dueSoon,
      f.percent(completionOf(r)),
      RISK_LEVEL_LABELS[r.riskLevel],
      r.riskPercent.toFixed(1),
      r.forms.submitted,
      r.forms.total,
    ]),
  };
}

const CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** <report>-<shortName>-<YYYY-MM-DD>.<format>, in characters every browser and file system accept. */
export function reportFileName(
  report: ReportFile,
  shortName: string,
  today: string,
  format: ReportExportFormat,
) {
  const name =
    shortName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '') || 'event';
  return `${report}-report-${name}-${today}.${format}`;
}

/** `name` goes into the file name after the event's (one form's file carries the form's title). */
export function sendReportFile(
  reply: FastifyReply,
  report: ReportFile,
  format: ReportExportFormat,
  table: Table,
  day: ReportDay,
  name?: string,
) {
  const fileName = reportFileName(
    report,
    name ? `${day.shortName}-${name}` : day.shortName,
    day.today,
    format,
  );
  const file = {
    header: table.header.map(neutraliseCell),
    rows: table.rows.map((row) => row.map((cell) => neutraliseCell(String(cell)))),
    fileDate: day.today,
    shortName: day.shortName,
  };
  reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
  return reply.send(format === 'csv' ? userReportCsv(file) : userReportXlsx(file, SHEET_NAMES[report]));
}
