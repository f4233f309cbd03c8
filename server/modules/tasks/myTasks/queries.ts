import { sql } from 'drizzle-orm';
import type {
  ApprovalHistoryEntry,
  ApprovalStatus,
  ProgressStatus,
  StandShareRole,
  TaskType,
  TaskViewer,
} from '../../../../shared/tasks/index';
import type { DbOrTx } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/rows';
import type { Actor } from '../../../platform/http/guards';
import { teamTypeIdsOf } from '../../people/teamTypes/links/queries';
import { taskTeamTypes } from '../tables';

/**
 * What a team's task list (/my-tasks) is made from, read in one query: the caller's team, the
 * event's open groups, and every open task with the team's status on it.
 *
 * Measured (bench/tasks.bench.ts, 300 tasks and 600,000 statuses): the list used to take four queries
 * of `select *` through Drizzle, and on PGlite most of its time went to decoding the answer, cell by
 * cell (PGlite's protocol parser copies each value into its own buffer: about 9,000 cells, ~20 ms
 * under load), not to running the queries (~2 ms). Here the database builds the groups and the tasks
 * as two JSON arrays of positional rows, so the client decodes three cells and parses JSON natively;
 * only the columns the list shows travel, and of the approval history only its last entry.
 */

export type MyTaskListViewer = TaskViewer & { teamId: string };

export type MyTaskListRow = {
  id: string;
  title: string;
  dueDate: string;
  type: TaskType;
  groupId: string | null;
  description: string;
  externalLink: string;
  isTimeSensitive: boolean;
  isApprovalNeeded: boolean;
  isRequired: boolean;
  disclaimer: string;
  showToChildTeams: boolean;
  teamTypeIds: string[];
  /** The linked form while the team can fill it in (published, not archived), else null. */
  openFormId: string | null;
  /** The query leaves archived tasks out; the field is there for the shared visibility rule. */
  isArchived: false;
  /** The team's status; null when it has none stored (nothing done yet). */
  status: {
    progressStatus: ProgressStatus;
    approvalStatus: ApprovalStatus;
    approvalReview: string;
    /** The newest history entry only: what the team sees of approval needs no more. */
    lastDecision: ApprovalHistoryEntry | null;
  } | null;
};

export type MyTaskList = {
  viewer: MyTaskListViewer;
  /** The event's groups that are not archived, by title. */
  groups: { id: string; title: string }[];
  /** The event's tasks that are not archived, by position then title (before visibility). */
  tasks: MyTaskListRow[];
};

/** The columns of one task row in the JSON array, in this order (see decodeTask). */
type TaskTuple = [
  id: string,
  title: string,
  dueDate: string,
  type: TaskType,
  groupId: string | null,
  description: string,
  externalLink: string,
  isTimeSensitive: boolean,
  isApprovalNeeded: boolean,
  isRequired: boolean,
  disclaimer: string,
  showToChildTeams: boolean,
  teamTypeIds: string[],
  progressStatus: ProgressStatus | null,
  approvalStatus: ApprovalStatus | null,
  approvalReview: string | null,
  lastDecision: ApprovalHistoryEntry | null,
  openFormId: string | null,
];

type ListRow = {
  team_id: string;
  is_organiser: boolean;
  team_type_id: string | null;
  stand_share_role: StandShareRole;
  groups: string | null;
  tasks: string | null;
};

/** A task's team type list in the SQL below (tasks as t). */
const taskTypes = teamTypeIdsOf(taskTeamTypes, sql.raw('t.event_id'), sql.raw('t.id'));

/** The caller's team and its task list; null when the caller is in no team. */
export async function loadMyTaskList(db: DbOrTx, actor: Actor): Promise<MyTaskList | null> {
  const { eventId, accountId } = actor;
  // The arrays are cast to text and parsed here, so both drivers answer alike (no JSON type parsers).
  const [row] = await rowsOf<ListRow>(
    db,
    sql`
    with viewer as (
      select t.id, t.is_organiser, t.team_type_id, t.stand_share_role
      from memberships m
      join teams t on t.id = m.team_id
      where m.event_id = ${eventId} and m.account_id = ${accountId}
      limit 1
    )
    select
      v.id as team_id, v.is_organiser, v.team_type_id, v.stand_share_role,
      (
        select json_agg(json_build_array(g.id, g.title) order by g.title)
        from task_groups g
        where g.event_id = ${eventId} and not g.is_archived
      )::text as groups,
      (
        select json_agg(json_build_array(
          t.id, t.title, t.due_date, t.type, t.group_id, t.description, t.external_link,
          t.is_time_sensitive, t.is_approval_needed, t.is_required, t.disclaimer, t.show_to_child_teams,
          ${taskTypes}, s.progress_status, s.approval_status, s.approval_review, s.approval_history -> -1,
          f.id
        ) order by t.position, t.title)
        from tasks t
        left join task_statuses s on s.event_id = t.event_id and s.task_id = t.id and s.team_id = v.id
        left join forms f on f.event_id = t.event_id and f.id = t.form_id
          and f.is_published and not f.is_archived
        where t.event_id = ${eventId} and not t.is_archived
      )::text as tasks
    from viewer v
  `,
  );
  if (!row) return null;
  return {
    viewer: {
      teamId: row.team_id,
      isOrganiserTeam: row.is_organiser,
      teamTypeId: row.team_type_id,
      standShareRole: row.stand_share_role,
      level: actor.permissions,
    },
    groups: row.groups
      ? (JSON.parse(row.groups) as [string, string][]).map(([id, title]) => ({ id, title }))
      : [],
    tasks: row.tasks ? (JSON.parse(row.tasks) as TaskTuple[]).map(decodeTask) : [],
  };
}

function decodeTask(t: TaskTuple): MyTaskListRow {
  return {
    id: t[0],
    title: t[1],
    dueDate: t[2],
    type: t[3],
    groupId: t[4],
    description: t[5],
    externalLink: t[6],
    isTimeSensitive: t[7],
    isApprovalNeeded: t[8],
    isRequired: t[9],
    disclaimer: t[10],
    showToChildTeams: t[11],
    teamTypeIds: t[12],
    openFormId: t[17],
    isArchived: false,
    status:
      t[13] === null
        ? null
        : {
            progressStatus: t[13],
            approvalStatus: t[14] ?? 'none',
            approvalReview: t[15] ?? '',
            lastDecision: t[16],
          },
  };
}
