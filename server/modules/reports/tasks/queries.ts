import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TaskDueStatus,
  TaskReportResponse,
  TaskReportRow,
  TaskStatusCounts,
  taskReportQuerySchema,
} from '../../../../shared/reports/api';
import type { TaskType } from '../../../../shared/tasks/schema';
import { TABLE_PAGE_SIZE } from '../../../../shared/ui/constants';
import type { DbOrTx } from '../../../platform/db/client';
import type { EventScope } from '../../../platform/http/actor';
import { countedReportRows } from '../counts/service';
import type { ReportDay } from '../day/queries';
import { applies, bucketOf, KIND_KEY, TASK_TEAM_TYPES } from '../queries';

export type TaskReportQuery = Omit<z.output<typeof taskReportQuerySchema>, 'page'> & { page?: number };

type Row = {
  id: string;
  title: string;
  type: TaskType;
  group_title: string | null;
  due_date: string;
  bucket: 'o' | 's' | 'p';
  teams: number;
  complete: number;
  na: number;
};

const DUE_STATUS_OF_BUCKET: Record<Row['bucket'], TaskDueStatus> = {
  o: 'overdue',
  s: 'dueSoon',
  p: 'notDue',
};

/** Complete share of the teams a task applies to, n/a aside; 1 when it applies to none. */
export function taskCompletion(row: TaskReportRow): number {
  const counted = row.teams - row.counts['n/a'];
  return counted === 0 ? 1 : row.counts.complete / counted;
}

const SORT_KEYS: Record<TaskReportQuery['sort'], (row: TaskReportRow) => number | string> = {
  dueDate: (row) => row.dueDate,
  title: (row) => row.title.toLocaleLowerCase(),
  completion: taskCompletion,
  overdue: (row) => row.counts.overdue,
};

/**
 * Per task, how many teams it applies to and how many have it complete, n/a, or still open (one task
 * has one due date, so every open team shares the task's own chip: Overdue, Due Soon or Incomplete).
 * One statement for the whole event: teams are counted per kind (type, stand share role) and only the
 * finished statuses are read.
 */
/**
 * The kept per-task counts hold every non-organiser team; a team type filter needs that type's teams
 * only, which is a small share of the statuses (the statuses of those teams, through the index).
 */
function finishedPerTask(eventId: string, teamTypeId: string | undefined): SQL {
  if (!teamTypeId)
    return sql`select task_id, complete, na from task_report_counts where event_id = ${eventId}`;
  return sql`
      select s.task_id,
        count(*) filter (where s.progress_status = 'complete')::int as complete,
        count(*) filter (where s.progress_status = 'n/a')::int as na
      from task_statuses s
      join tm on tm.id = s.team_id
      join t on t.id = s.task_id and ${applies}
      where s.event_id = ${eventId} and s.progress_status <> 'incomplete'
      group by s.task_id`;
}

export async function taskReportRows(
  db: DbOrTx,
  scope: EventScope,
  day: ReportDay,
  query: TaskReportQuery,
): Promise<TaskReportRow[]> {
  const { eventId } = scope;
  const taskWhere: SQL[] = [sql`t.event_id = ${eventId}`, sql`not t.is_archived`];
  if (query.type) taskWhere.push(sql`t.type = ${query.type}`);
  if (query.taskId) taskWhere.push(sql`t.id = ${query.taskId}`);
  if (query.groupId === 'unassigned') taskWhere.push(sql`t.group_id is null`);
  else if (query.groupId) taskWhere.push(sql`t.group_id = ${query.groupId}`);
  const teamType = query.teamTypeId ? sql`and tm.team_type_id = ${query.teamTypeId}` : sql``;
  const rows = await countedReportRows<Row>(
    db,
    scope,
    day,
    sql`
    with t as materialized (
      select t.id, t.title, t.type, t.due_date, ${TASK_TEAM_TYPES} as team_type_ids, t.show_to_child_teams, g.title as group_title,
        ${bucketOf(day)} as bucket
      from tasks t left join task_groups g on g.id = t.group_id
      where ${sql.join(taskWhere, sql` and `)}
    ),
    tm as (
      select id, team_type_id, stand_share_role, ${KIND_KEY} as type_key from teams tm
      where event_id = ${eventId} and not is_organiser ${teamType}
    ),
    kinds as (
      select team_type_id, stand_share_role, type_key, count(*)::int as n from tm group by 1, 2, 3
    ),
    kind_task as (
      select tm.type_key, tm.stand_share_role, tm.n, t.id as task_id from kinds tm join t on ${applies}
    ),
    applying as (select task_id, sum(n)::int as teams from kind_task group by task_id),
    -- Complete and n/a teams per task, kept as statuses change (counts/service.ts). Without a team type
    -- filter they are read as kept; with one, that type's finished statuses are counted here.
    finished as (${finishedPerTask(eventId, query.teamTypeId)})
    select t.id, t.title, t.type, t.group_title, t.due_date, t.bucket,
      coalesce(a.teams, 0) as teams, coalesce(f.complete, 0) as complete, coalesce(f.na, 0) as na
    from t left join applying a on a.task_id = t.id left join finished f on f.task_id = t.id
  `,
  );
  const search = query.search?.toLocaleLowerCase();
  const result = rows
    .map((r): TaskReportRow => {
      const teams = Number(r.teams);
      const complete = Number(r.complete);
      const na = Number(r.na);
      const open = teams - complete - na;
      const dueStatus = DUE_STATUS_OF_BUCKET[r.bucket];
      const counts: TaskStatusCounts = {
        complete,
        'n/a': na,
        overdue: dueStatus === 'overdue' ? open : 0,
        dueSoon: dueStatus === 'dueSoon' ? open : 0,
        incomplete: dueStatus === 'notDue' ? open : 0,
      };
      return {
        id: r.id,
        title: r.title,
        type: r.type,
        groupTitle: r.group_title,
        dueDate: r.due_date,
        dueStatus,
        teams,
        counts,
      };
    })
    .filter(
      (row) =>
        (!search || row.title.toLocaleLowerCase().includes(search)) &&
        (!query.dueStatus || row.dueStatus === query.dueStatus) &&
        (!query.status || row.counts[query.status] > 0) &&
        // A team type filter keeps the tasks that apply to at least one team of that type.
        (!query.teamTypeId || row.teams > 0),
    );
  const key = SORT_KEYS[query.sort];
  const sign = query.order === 'desc' ? -1 : 1;
  return result.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
  });
}

export async function taskReport(
  db: DbOrTx,
  scope: EventScope,
  day: ReportDay,
  query: z.output<typeof taskReportQuerySchema>,
): Promise<TaskReportResponse> {
  const rows = await taskReportRows(db, scope, day, query);
  const offset = (query.page - 1) * TABLE_PAGE_SIZE;
  return {
    items: rows.slice(offset, offset + TABLE_PAGE_SIZE),
    total: rows.length,
    page: query.page,
    pageSize: TABLE_PAGE_SIZE,
    today: day.today,
  };
}
