import { SUBMISSION_STATE_LABELS } from '../../../../../shared/forms/submissionsApi';
import type { TeamReportDetail } from '../../../../../shared/reports/api';
import { LOGIN_ACTIVITY_LABELS } from '../../../../../shared/reports/loginActivity';
import { RISK_LEVEL_LABELS } from '../../../../../shared/reports/risk';
import type { TeamStatusListResponse } from '../../../../../shared/tasks/adminApi';
import { TASK_STATUS_LABELS } from '../../../../../shared/tasks/dueStatus';
import type { ReportDay } from '../../day/queries';
import { formatters, type Table } from '../present';

/** One task's report as a file: every team's chip, approval, assignees, and who changed it when. */
export function oneTaskTable(report: TeamStatusListResponse, day: ReportDay): Table {
  const f = formatters(day);
  return {
    header: ['Team Name', 'Status', 'Approval', 'Assigned To', 'Completed or Changed By', 'When'],
    rows: report.items.map((r) => [
      r.teamName,
      TASK_STATUS_LABELS[r.status],
      r.approvalLabel ?? '',
      r.assignedTo.map((a) => a.name).join('; '),
      r.updatedBy ?? '',
      f.dateTime(r.updatedAt),
    ]),
  };
}

/**
 * One team's report as a file. Its parts (the team's line, its members, tasks and forms) share one
 * sheet so a CSV can hold them: a Section column says which part a line belongs to, and the other
 * columns keep one meaning each (Status, the date of the part, who, and a detail).
 */
export function oneTeamTable(detail: TeamReportDetail, day: ReportDay): Table {
  const f = formatters(day);
  const { team } = detail;
  return {
    header: ['Section', 'Name', 'Status', 'Due Date', 'Date', 'By', 'Detail'],
    rows: [
      [
        'Team',
        team.name,
        `${RISK_LEVEL_LABELS[team.riskLevel]} risk (${team.riskPercent.toFixed(1)}%)`,
        '',
        f.dateTime(team.teamLastLoginInTime),
        '',
        [LOGIN_ACTIVITY_LABELS[team.loginActivity], ...team.reasons].join('; '),
      ],
      ...detail.members.map((m) => [
        'Member',
        m.name,
        m.hasLoggedIn ? 'Logged in' : 'Never logged in',
        '',
        f.dateTime(m.lastLoginInTime),
        '',
        `${m.email}${m.isOwner ? ' (Team Owner)' : ''}`,
      ]),
      ...detail.taskStatuses.map((t) => [
        'Task',
        t.title,
        TASK_STATUS_LABELS[t.status],
        f.date(t.dueDate),
        f.dateTime(t.updatedAt),
        t.updatedBy ?? '',
        '',
      ]),
      ...detail.forms.map((form) => [
        'Form',
        form.title,
        SUBMISSION_STATE_LABELS[form.state],
        '',
        f.dateTime(form.lastSubmittedAt),
        '',
        `${form.submissions} submitted`,
      ]),
    ],
  };
}
