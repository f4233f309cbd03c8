import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { rowsOf } from '../../../platform/db/rows';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope } from '../../../platform/http/actor';
import type { ReportDay } from '../day/queries';
import { applies, bucketOf, TASK_TEAM_TYPES } from '../queries';

/**
 * The counts the team and task reports read (migration 0015_report_counts): per team its finished
 * statuses by status and due bucket, per task its complete and n/a teams. A trigger on task_statuses
 * keeps them in the same transaction as every status write; they are rebuilt here, from the statuses,
 * when the day (or the due-soon window, or the time zone's today) has moved since they were worked
 * out, or when an edit marked them stale (a task's due date, archive state or visibility; a team's
 * kind; a deleted task or team: the day row's today is then ''). The background job (counts/jobs.ts)
 * does it just after each event's midnight and after such edits, so a report seldom has to.
 * Decision 0015, "Counts kept".
 */
export async function ensureReportCounts(
  tx: DbOrTx,
  scope: EventScope,
  day: ReportDay,
): Promise<'current' | 'rebuilt'> {
  const { eventId } = scope;
  const current = await rowsOf<{ today: string; due_soon_until: string }>(
    tx,
    sql`select today, due_soon_until from report_count_days where event_id = ${eventId}`,
  );
  if (current[0]?.today === day.today && current[0]?.due_soon_until === day.dueSoonUntil) return 'current';
  // Take the day row FOR UPDATE before reading statuses: a status write in flight holds it FOR SHARE
  // (the trigger), so the rebuild waits for it and then sees it; later writes wait for the rebuild.
  await tx.execute(sql`
    insert into report_count_days (event_id, today, due_soon_until) values (${eventId}, '', '')
    on conflict (event_id) do nothing`);
  const [locked] = await rowsOf<{ today: string; due_soon_until: string }>(
    tx,
    sql`select today, due_soon_until from report_count_days where event_id = ${eventId} for update`,
  );
  // Another request rebuilt them while this one waited.
  if (locked.today === day.today && locked.due_soon_until === day.dueSoonUntil) return 'current';
  await tx.execute(sql`delete from team_report_counts where event_id = ${eventId}`);
  await tx.execute(sql`delete from task_report_counts where event_id = ${eventId}`);
  await tx.execute(sql`
    insert into team_report_counts (team_id, event_id, complete, na, finished_o, finished_s, finished_p)
    ${recountQuery(eventId, day, 'team')}`);
  await tx.execute(sql`
    insert into task_report_counts (task_id, event_id, complete, na)
    select task_id, event_id, complete, na from (${recountQuery(eventId, day, 'task')}) r`);
  await tx.execute(
    sql`update report_count_days set today = ${day.today}, due_soon_until = ${day.dueSoonUntil} where event_id = ${eventId}`,
  );
  return 'rebuilt';
}

/**
 * The counts worked out from the statuses themselves: what the rebuild stores and what the tests
 * compare the kept counts with. Finished statuses of non-organiser teams on unarchived tasks that
 * apply to them, grouped per team (with due buckets) or per task.
 */
export function recountQuery(eventId: string, day: ReportDay, per: 'team' | 'task'): SQL {
  const key = per === 'team' ? sql.raw('s.team_id') : sql.raw('s.task_id');
  return sql`
    with t as materialized (
      select id, ${TASK_TEAM_TYPES} as team_type_ids, show_to_child_teams, ${bucketOf(day)} as bucket
      from tasks t where event_id = ${eventId} and not is_archived
    ),
    tm as (select id, team_type_id, stand_share_role from teams where event_id = ${eventId} and not is_organiser)
    select ${key} as ${sql.raw(per === 'team' ? 'team_id' : 'task_id')}, ${eventId}::uuid as event_id,
      count(*) filter (where s.progress_status = 'complete')::int as complete,
      count(*) filter (where s.progress_status = 'n/a')::int as na,
      count(*) filter (where t.bucket = 'o')::int as finished_o,
      count(*) filter (where t.bucket = 's')::int as finished_s,
      count(*) filter (where t.bucket = 'p')::int as finished_p
    from task_statuses s
    join tm on tm.id = s.team_id
    join t on t.id = s.task_id and ${applies}
    where s.event_id = ${eventId} and s.progress_status <> 'incomplete'
    group by ${key}
  `;
}

/**
 * A report statement that reads the kept counts: in one transaction with JIT off (see reportRows),
 * the counts made current first, so the statement sees them as of its own snapshot.
 */
export async function countedReportRows<T>(
  db: DbOrTx,
  scope: EventScope,
  day: ReportDay,
  query: SQL,
): Promise<T[]> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    await ensureReportCounts(tx, scope, day);
    return rowsOf<T>(tx, query);
  });
}
