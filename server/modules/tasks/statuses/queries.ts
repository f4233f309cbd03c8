import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DueSummary,
  TeamStatusListResponse,
  teamStatusListQuerySchema,
} from '../../../../shared/tasks/adminApi';
import { dueDateBounds } from '../../../../shared/tasks/dueStatus';
import {
  type ApprovalState,
  approvalView,
  calendarDateIn,
  defaultTaskStatusValues,
  dueStatus,
  type ProgressStatus,
  progressFlags,
  teamTaskStatus,
} from '../../../../shared/tasks/index';
import { TABLE_PAGE_SIZE } from '../../../../shared/ui/constants';
import type { DbOrTx } from '../../../platform/db/client';
import { SYSTEM_ACTOR } from '../../../platform/db/columns';
import { rowsOf } from '../../../platform/db/rows';
import { containing } from '../../../platform/db/search';
import { notFound } from '../../../platform/http/errors';
import { accounts } from '../../auth/tables';
import { teams } from '../../people/tables';
import { teamTypeIdsOf } from '../../people/teamTypes/links/queries';
import { TASK_NOT_FOUND } from '../errors';
import { dueSettings } from '../queries';
import { taskStatuses, tasks, taskTeamTypes, taskWithTeamTypes } from '../tables';

/**
 * How many team statuses across the event are overdue and due soon, in one query (decision 0005:
 * the due status of a date is a comparison with two date strings). A pair counts when the team is
 * asked to do the task: it sees the task (visibility), is not an organiser team (organisers see every
 * task to run the event, the same rule as reminders), and has not marked it complete or n/a; a team
 * with no stored status has done nothing yet.
 *
 * Measured (docs/benchmarks.md): left-joining every visible (task, team) pair to its status took
 * 1.3-1.8 s on PGlite for 300 tasks x 2,000 teams. Here the pairs are counted from teams grouped by
 * what visibility reads (type, child), a handful of rows, and only the finished statuses are joined
 * and subtracted: about 0.5 s.
 */
export async function countDueStatuses(db: DbOrTx, eventId: string, now = new Date()): Promise<DueSummary> {
  const { today, dueSoonUntil } = dueDateBounds(now, await dueSettings(db, eventId));
  const [row] = await rowsOf<{ overdue: string | number; due_soon: string | number }>(
    db,
    sql`
    with due as materialized (
      select id, due_date < ${today} as overdue, ${teamTypeIdsOf(taskTeamTypes, sql.raw('tasks.event_id'), sql.raw('tasks.id'))} as team_type_ids,
        show_to_child_teams
      from tasks
      where event_id = ${eventId} and not is_archived and due_date <= ${dueSoonUntil}
    ),
    kinds as (
      select team_type_id, stand_share_role = 'child' as child, count(*) as n
      from teams
      where event_id = ${eventId} and not is_organiser
      group by 1, 2
    ),
    pairs as (
      select d.overdue, sum(k.n) as n
      from due d
      join kinds k on (cardinality(d.team_type_ids) = 0 or k.team_type_id = any(d.team_type_ids))
        and (not k.child or d.show_to_child_teams)
      group by 1
    ),
    finished as (
      select d.overdue, count(*) as n
      from due d
      join task_statuses s on s.event_id = ${eventId} and s.task_id = d.id and s.progress_status <> 'incomplete'
      join teams tm on tm.id = s.team_id and not tm.is_organiser
        and (cardinality(d.team_type_ids) = 0 or tm.team_type_id = any(d.team_type_ids))
        and (tm.stand_share_role <> 'child' or d.show_to_child_teams)
      group by 1
    )
    select
      coalesce((select n from pairs where overdue), 0) - coalesce((select n from finished where overdue), 0) as overdue,
      coalesce((select n from pairs where not overdue), 0) - coalesce((select n from finished where not overdue), 0) as due_soon
  `,
  );
  return { today, dueSoonUntil, overdue: Number(row?.overdue ?? 0), dueSoon: Number(row?.due_soon ?? 0) };
}

/** Every team's status of one task (the organisers' view). */

type Query = z.output<typeof teamStatusListQuerySchema>;
type TaskRecord = typeof tasks.$inferSelect & { teamTypeIds: string[] };

/**
 * The teams that see a task (spec: task visibility, for the team rather than its most senior member):
 * organiser teams see all; others need no restriction or their type, and a child stand share also
 * needs showToChildTeams.
 */
export function teamsSeeing(task: Pick<TaskRecord, 'teamTypeIds' | 'showToChildTeams'>): SQL {
  const typeOk = task.teamTypeIds.length === 0 ? sql`true` : inArray(teams.teamTypeId, task.teamTypeIds);
  const childOk = task.showToChildTeams ? sql`true` : ne(teams.standShareRole, 'child');
  return or(eq(teams.isOrganiser, true), and(typeOk, childOk)) as SQL;
}

export async function findTask(db: DbOrTx, eventId: string, taskId: string): Promise<TaskRecord> {
  const [task] = await db
    .select(taskWithTeamTypes)
    .from(tasks)
    .where(and(eq(tasks.eventId, eventId), eq(tasks.id, taskId)));
  if (!task) throw notFound(TASK_NOT_FOUND);
  return task;
}

const progressOf = sql<ProgressStatus>`coalesce(${taskStatuses.progressStatus}, 'incomplete')`;

async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const accountIds = [...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, firstName: accounts.firstName, surname: accounts.surname })
    .from(accounts)
    .where(inArray(accounts.id, accountIds));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.surname}`.trim()]));
}

export async function listTeamStatuses(
  db: DbOrTx,
  eventId: string,
  taskId: string,
  query: Query,
  now = new Date(),
  /** Rows per page: the screen's page, or every team at once for the report export. */
  pageSize = TABLE_PAGE_SIZE,
): Promise<TeamStatusListResponse> {
  const task = await findTask(db, eventId, taskId);
  const due = await dueSettings(db, eventId);
  // One task, one due date: every unfinished team shares the same due-based chip.
  const unfinishedChip = teamTaskStatus('incomplete', dueStatus(task.dueDate, now, due));
  const where: SQL[] = [eq(teams.eventId, eventId), teamsSeeing(task)];
  if (query.search) where.push(ilike(teams.name, containing(query.search)));
  if (query.status === 'complete' || query.status === 'n/a') {
    where.push(eq(taskStatuses.progressStatus, query.status));
  } else if (query.status) {
    where.push(query.status === unfinishedChip ? sql`${progressOf} = 'incomplete'` : sql`false`);
  }
  if (query.actionStatus === 'pending' && !task.isApprovalNeeded) where.push(sql`false`);
  else if (query.actionStatus) where.push(eq(taskStatuses.approvalStatus, query.actionStatus));
  // Both filters read the team's status row; without one, the count and the first page skip it.
  const readsStatuses = Boolean(query.status || query.actionStatus);
  const condition = and(...where);
  const joinOn = and(
    eq(taskStatuses.eventId, eventId),
    eq(taskStatuses.taskId, taskId),
    eq(taskStatuses.teamId, teams.id),
  );
  const direction = query.order === 'desc' ? desc : asc;
  const statusRank = sql`case ${progressOf} when 'complete' then 0 when 'n/a' then 1 else 2 end`;
  const sortColumn = { team: teams.name, status: statusRank, updatedAt: taskStatuses.updatedAt }[query.sort];

  const offset = (query.page - 1) * pageSize;
  const [rows, [{ total }]] = await Promise.all([
    query.sort === 'team' && !readsStatuses
      ? pageByTeamName(db, taskId, condition, query.order, offset, pageSize)
      : db
          .select({ teamId: teams.id, teamName: teams.name, status: taskStatuses })
          .from(teams)
          .leftJoin(taskStatuses, joinOn)
          .where(condition)
          .orderBy(direction(sortColumn), asc(teams.name), asc(teams.id))
          .limit(pageSize)
          .offset(offset),
    // Without a status filter the count needs no statuses: one index range of the event's teams.
    readsStatuses
      ? db.select({ total: count() }).from(teams).leftJoin(taskStatuses, joinOn).where(condition)
      : db.select({ total: count() }).from(teams).where(condition),
  ]);

  const names = await namesOf(
    db,
    rows.flatMap((r) => [...(r.status?.assignedTo ?? []), r.status?.updatedBy ?? '']),
  );
  const items = rows.map(({ teamId, teamName, status }) => {
    const state = stateOf(status);
    const approval = approvalView(state, task.isApprovalNeeded);
    const updatedBy = status?.updatedBy ?? null;
    return {
      teamId,
      teamName,
      status:
        state.progressStatus === 'incomplete'
          ? unfinishedChip
          : teamTaskStatus(state.progressStatus, 'pending'),
      progressStatus: state.progressStatus,
      approvalStatus: state.approvalStatus,
      approvalLabel: approval?.label ?? null,
      assignedTo: state.assignedTo.map((id) => ({ id, name: names.get(id) ?? 'Former member' })),
      updatedAt: status?.updatedAt.toISOString() ?? null,
      updatedBy:
        updatedBy === null
          ? null
          : updatedBy === SYSTEM_ACTOR
            ? 'System Update'
            : (names.get(updatedBy) ?? null),
    };
  });
  return {
    items,
    total,
    page: query.page,
    pageSize,
    task: {
      id: task.id,
      title: task.title,
      dueDate: task.dueDate,
      type: task.type,
      isApprovalNeeded: task.isApprovalNeeded,
      isArchived: task.isArchived,
    },
    today: calendarDateIn(now, due.timeZone),
  };
}

/**
 * The common case, the first screen: a page of teams by name, then only their 100 statuses. Joining
 * first made PGlite, which has no statistics after a bulk load (no autovacuum), look up all 2,000
 * statuses before sorting (78 ms against 3 ms; docs/benchmarks.md).
 */
async function pageByTeamName(
  db: DbOrTx,
  taskId: string,
  condition: SQL | undefined,
  order: 'asc' | 'desc',
  offset: number,
  pageSize: number,
) {
  const direction = order === 'desc' ? desc : asc;
  const page = db
    .select({ id: teams.id, name: teams.name, eventId: teams.eventId })
    .from(teams)
    .where(condition)
    .orderBy(direction(teams.name), asc(teams.id))
    .limit(pageSize)
    .offset(offset)
    .as('page');
  return db
    .select({ teamId: page.id, teamName: page.name, status: taskStatuses })
    .from(page)
    .leftJoin(
      taskStatuses,
      and(
        eq(taskStatuses.eventId, page.eventId),
        eq(taskStatuses.taskId, taskId),
        eq(taskStatuses.teamId, page.id),
      ),
    )
    .orderBy(direction(page.name), asc(page.id));
}

type StatusRecord = typeof taskStatuses.$inferSelect;
export function stateOf(status: StatusRecord | null | undefined): ApprovalState & { assignedTo: string[] } {
  if (!status) return { ...defaultTaskStatusValues() };
  return {
    progressStatus: status.progressStatus,
    approvalStatus: status.approvalStatus,
    approvalReview: status.approvalReview,
    approvalHistory: status.approvalHistory,
    assignedTo: status.assignedTo,
    ...progressFlags(status.progressStatus),
  };
}
