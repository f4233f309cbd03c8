import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addCalendarDays, calendarDateIn } from '../../shared/tasks/dueStatus';
import { TASK_TYPES } from '../../shared/tasks/schema';
import { insertTeamTypeIds } from '../modules/people/teamTypes/links/queries';
import { taskGroups, taskStatuses, tasks, taskTeamTypes } from '../modules/tasks/tables';
import type { DbOrTx } from '../platform/db/client';

/**
 * Tasks for a load-test event: `count` tasks in groups of about 30, due from 60 days ago to 120 days
 * ahead, of every type but form (forms are not linked yet), some restricted to a team type or needing
 * approval; then a status for every team and task (2,000 teams x 300 tasks = 600,000 rows) made by
 * the database in one INSERT ... SELECT, which is as fast as COPY and needs no rows in Node.
 */

const TASKS_PER_GROUP = 30;
const GROUP_TITLES = [
  'Before you arrive',
  'Stand build',
  'Catering and hygiene',
  'Marketing',
  'Health and safety',
  'Power and services',
  'Badges and passes',
  'Logistics',
  'After the show',
  'Sponsorship',
];
const TITLES = [
  'Send your logo',
  'Book stand power',
  'Upload public liability insurance',
  'Accept the exhibitor terms',
  'Order furniture',
  'Submit the risk assessment',
  'Register stand staff',
  'Confirm delivery slot',
  'Upload menu and allergens',
  'Book parking',
];
const SEED_TYPES = TASK_TYPES.filter((type) => type !== 'form');
const BATCH = 500;

export async function seedScaleTasks(
  tx: DbOrTx,
  options: { eventId: string; count: number; teamTypeIds: string[]; timeZone: string },
): Promise<{ tasks: number; statuses: number }> {
  const { eventId, count } = options;
  if (count === 0) return { tasks: 0, statuses: 0 };
  const today = calendarDateIn(new Date(), options.timeZone);
  const groupIds = Array.from({ length: Math.ceil(count / TASKS_PER_GROUP) }, () => randomUUID());
  await tx.insert(taskGroups).values(
    groupIds.map((id, i) => ({
      eventId,
      id,
      title: `${GROUP_TITLES[i % GROUP_TITLES.length]}${i >= GROUP_TITLES.length ? ` ${Math.floor(i / GROUP_TITLES.length) + 1}` : ''}`,
    })),
  );
  const rows: (typeof tasks.$inferInsert & { id: string; teamTypeIds: string[] })[] = [];
  for (let i = 0; i < count; i++) {
    const type = SEED_TYPES[i % SEED_TYPES.length];
    rows.push({
      eventId,
      id: randomUUID(),
      title: `${TITLES[i % TITLES.length]} ${i + 1}`,
      // Spread evenly over 180 days around today, so every due status is well represented.
      dueDate: addCalendarDays(today, -60 + Math.floor((i * 180) / count)),
      description: 'Generated for load tests.',
      type,
      externalLink: type === 'externalForm' ? 'https://forms.example.com/expo' : '',
      disclaimer: type === 'disclaimer' ? 'I have read and accept the terms.' : '',
      isApprovalNeeded: i % 5 === 0,
      isRequired: i % 3 === 0,
      showToChildTeams: i % 2 === 0,
      teamTypeIds:
        i % 10 === 7 && options.teamTypeIds.length > 0
          ? [options.teamTypeIds[i % options.teamTypeIds.length]]
          : [],
      groupId: groupIds[Math.floor(i / TASKS_PER_GROUP)],
      position: i % TASKS_PER_GROUP,
    });
  }
  for (let start = 0; start < rows.length; start += BATCH)
    await tx.insert(tasks).values(rows.slice(start, start + BATCH));
  await insertTeamTypeIds(
    tx,
    taskTeamTypes,
    eventId,
    rows.map((row) => ({ ownerId: row.id, teamTypeIds: row.teamTypeIds })),
  );

  // h is a stable pseudo-random 0..99 per pair: past tasks are mostly done, future ones mostly not.
  await tx.execute(sql`
    insert into task_statuses
      (event_id, task_id, team_id, progress_status, approval_status, created_at, updated_at)
    select t.event_id, t.id, tm.id,
      case when x.h < x.done then 'complete' when x.h < x.done + 5 then 'n/a' else 'incomplete' end,
      case when t.is_approval_needed and x.h < x.done then (case when x.h % 3 = 0 then 'pending' else 'approved' end)
        else 'none' end,
      now() - make_interval(hours => x.h), now() - make_interval(hours => x.h)
    from tasks t
    join teams tm on tm.event_id = t.event_id
    cross join lateral (
      select abs(hashtext(t.id::text || tm.id::text)) % 100 as h,
        case when t.due_date < ${today} then 70 else 25 end as done
    ) x
    where t.event_id = ${eventId}
  `);
  const [{ statuses }] = await tx
    .select({ statuses: sql<number>`count(*)`.mapWith(Number) })
    .from(taskStatuses)
    .where(eq(taskStatuses.eventId, eventId));
  // The planner needs statistics on the new rows; PGlite runs no autovacuum (docs/benchmarks.md).
  for (const table of ['teams', 'memberships', 'accounts', 'tasks', 'task_team_types', 'task_statuses']) {
    await tx.execute(sql.raw(`analyze ${table}`));
  }
  return { tasks: count, statuses };
}
