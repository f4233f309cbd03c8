import { sql } from 'drizzle-orm';
import { REPORT_ERRORS, type TeamReportDetail } from '../../../../../shared/reports/api';
import { type ProgressStatus, teamTaskStatus } from '../../../../../shared/tasks/index';
import type { DbOrTx } from '../../../../platform/db/client';
import { SYSTEM_ACTOR } from '../../../../platform/db/columns';
import { rowsOf } from '../../../../platform/db/rows';
import type { EventScope } from '../../../../platform/http/actor';
import { notFound } from '../../../../platform/http/errors';
import type { ReportDay } from '../../day/queries';
import { appliesToTaskRow } from '../../queries';
import { bucketOf, loadTeamFacts } from '../queries';
import { scoreTeam } from '../service';

type MemberRow = {
  account_id: string;
  first_name: string;
  surname: string;
  email: string;
  is_owner: boolean;
  has_logged_in: boolean;
  last_login_in_time: Date | string | null;
};
type TaskRow = {
  task_id: string;
  title: string;
  due_date: string;
  bucket: 'o' | 's' | 'p';
  progress_status: ProgressStatus | null;
  updated_at: Date | string | null;
  updated_by: string | null;
  updated_by_name: string | null;
};

type FormRow = {
  form_id: string;
  title: string;
  submitted: number;
  drafts: number;
  last_submitted_at: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const DUE = { o: 'overdue', s: 'dueSoon', p: 'pending' } as const;

/** One team's report: its line, the parts of its score, its members' logins, its tasks and its forms. */
export async function teamReportDetail(
  db: DbOrTx,
  scope: EventScope,
  teamId: string,
  day: ReportDay,
): Promise<TeamReportDetail> {
  const { eventId } = scope;
  const [facts] = await loadTeamFacts(db, scope, day, teamId);
  if (!facts) throw notFound(REPORT_ERRORS.teamNotFound);
  const [members, tasks, forms] = await Promise.all([
    rowsOf<MemberRow>(
      db,
      sql`
      select a.id as account_id, a.first_name, a.surname, a.email, tm.owner_id = a.id as is_owner,
        m.has_logged_in, m.last_login_in_time
      from memberships m
      join accounts a on a.id = m.account_id
      join teams tm on tm.id = m.team_id
      where m.event_id = ${eventId} and m.team_id = ${teamId}
      order by (tm.owner_id = a.id) desc, a.first_name, a.surname, a.id
    `,
    ),
    rowsOf<TaskRow>(
      db,
      sql`
      select t.id as task_id, t.title, t.due_date, ${bucketOf(day)} as bucket,
        s.progress_status, s.updated_at, s.updated_by,
        nullif(trim(a.first_name || ' ' || a.surname), '') as updated_by_name
      from tasks t
      join teams tm on tm.event_id = ${eventId} and tm.id = ${teamId}
      left join task_statuses s on s.event_id = ${eventId} and s.task_id = t.id and s.team_id = tm.id
      left join accounts a on a.id::text = s.updated_by
      where t.event_id = ${eventId} and not t.is_archived and ${appliesToTaskRow}
      order by t.due_date, t.title, t.id
    `,
    ),
    rowsOf<FormRow>(
      db,
      sql`
      select f.id as form_id, f.title,
        count(s.id) filter (where not s.is_draft)::int as submitted,
        count(s.id) filter (where s.is_draft)::int as drafts,
        max(s.submitted_at) filter (where not s.is_draft) as last_submitted_at
      from forms f
      left join form_submissions s on s.event_id = ${eventId} and s.form_id = f.id and s.team_id = ${teamId}
      where f.event_id = ${eventId} and f.is_published and not f.is_archived
      group by f.id, f.title
      order by f.title, f.id
    `,
    ),
  ]);
  const { row, risk } = scoreTeam(facts, day);
  return {
    team: row,
    risk: {
      engagement: risk.engagement,
      base: risk.base,
      taskRisk: risk.taskRisk,
      taskScale: risk.taskScale,
    },
    members: members.map((m) => ({
      accountId: m.account_id,
      name: `${m.first_name} ${m.surname}`.trim(),
      email: m.email,
      isOwner: m.is_owner,
      hasLoggedIn: m.has_logged_in,
      lastLoginInTime: iso(m.last_login_in_time),
    })),
    taskStatuses: tasks.map((t) => ({
      taskId: t.task_id,
      title: t.title,
      dueDate: t.due_date,
      status: teamTaskStatus(t.progress_status ?? 'incomplete', DUE[t.bucket]),
      updatedBy:
        t.updated_by === null
          ? null
          : t.updated_by === SYSTEM_ACTOR
            ? 'System Update'
            : (t.updated_by_name ?? 'Former member'),
      updatedAt: iso(t.updated_at),
    })),
    // A submission counts over an open draft: the team has sent the form (decision 0015).
    forms: forms.map((f) => ({
      formId: f.form_id,
      title: f.title,
      state: Number(f.submitted) > 0 ? 'submitted' : Number(f.drafts) > 0 ? 'draft' : 'notStarted',
      submissions: Number(f.submitted),
      lastSubmittedAt: iso(f.last_submitted_at),
    })),
    today: day.today,
    launchDate: day.launchDate,
  };
}
