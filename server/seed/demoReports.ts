import { and, eq, inArray, sql } from 'drizzle-orm';
import { addCalendarDays, calendarDateIn } from '../../shared/tasks/dueStatus';
import { memberships, teams } from '../modules/people/tables';
import { letsTeamTypeSee } from '../modules/people/teamTypes/links/queries';
import { taskStatuses, taskTeamTypes } from '../modules/tasks/tables';
import type { DbOrTx } from '../platform/db/client';

const DAY = 86_400_000;
/** Teams ahead of schedule: every task due so far or due soon is done (and approved where asked). */
const AHEAD = ['Harbour Bakery', 'Anchor Brewing Co', 'Pennine Cheese Co'];
/** Teams (by name) whose people went quiet long ago: inactive over 60 days, the largest bump. */
const GONE_QUIET = ['Saltmarsh Oysters', 'Tidewater Ciders'];

/**
 * Makes the demo's reports tell a story: a team that never logged in has completed nothing (the task
 * seed spreads completions over every team), three teams are ahead of schedule, and two went quiet two
 * months ago. With the demo's
 * launch date (demoSettings) the risk report then shows every level and every login state.
 */
export async function seedDemoReports(tx: DbOrTx, eventId: string): Promise<void> {
  // The demo event's zone and its default 30 due-soon days.
  const until = addCalendarDays(calendarDateIn(new Date(), 'Europe/London'), 30);
  await tx.execute(sql`
    insert into task_statuses (event_id, task_id, team_id, progress_status, approval_status)
    select t.event_id, t.id, tm.id, 'complete', case when t.is_approval_needed then 'approved' else 'none' end
    from tasks t join teams tm on tm.event_id = t.event_id
    where t.event_id = ${eventId} and t.due_date <= ${until}
      and tm.name in (${sql.join(
        AHEAD.map((name) => sql`${name}`),
        sql`, `,
      )})
      and ${letsTeamTypeSee(taskTeamTypes, sql.raw('t.event_id'), sql.raw('t.id'), sql.raw('tm.team_type_id'))}
    on conflict (event_id, task_id, team_id)
      do update set progress_status = 'complete', approval_status = excluded.approval_status
  `);
  const neverLoggedIn = await tx
    .select({ id: teams.id })
    .from(teams)
    .leftJoin(
      memberships,
      and(
        eq(memberships.eventId, eventId),
        eq(memberships.teamId, teams.id),
        eq(memberships.hasLoggedIn, true),
      ),
    )
    .where(eq(teams.eventId, eventId))
    .groupBy(teams.id)
    .having(sql`count(${memberships.accountId}) = 0`);
  const ids = neverLoggedIn.map((t) => t.id);
  if (ids.length > 0) {
    await tx
      .delete(taskStatuses)
      .where(
        and(
          eq(taskStatuses.eventId, eventId),
          inArray(taskStatuses.teamId, ids),
          eq(taskStatuses.progressStatus, 'complete'),
        ),
      );
  }
  const quiet = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.eventId, eventId), inArray(teams.name, GONE_QUIET)));
  if (quiet.length > 0) {
    await tx
      .update(memberships)
      .set({ lastLoginInTime: new Date(Date.now() - 65 * DAY) })
      .where(
        and(
          eq(memberships.eventId, eventId),
          inArray(
            memberships.teamId,
            quiet.map((t) => t.id),
          ),
          eq(memberships.hasLoggedIn, true),
        ),
      );
  }
}
