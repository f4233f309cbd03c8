import { sql } from 'drizzle-orm';
import type { DueSummary } from '../../../../shared/tasks/adminApi';
import { dueDateBounds } from '../../../../shared/tasks/dueStatus';
import type { DbOrTx } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/rows';
import { dueSettings } from '../queries';

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
    with due as (
      select id, due_date < ${today} as overdue, team_type_ids, show_to_child_teams
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
