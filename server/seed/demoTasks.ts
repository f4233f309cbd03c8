import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { addCalendarDays, calendarDateIn } from '../../shared/tasks/dueStatus';
import type { ApprovalHistoryEntry } from '../../shared/tasks/schema';
import { memberships, teams, teamTypes } from '../modules/people/tables';
import { insertTeamTypeIds } from '../modules/people/teamTypes/links/queries';
import { taskGroups, taskStatuses, tasks, taskTeamTypes } from '../modules/tasks/tables';
import type { DbOrTx } from '../platform/db/client';
import { seedDemoComments } from './demoTaskComments';
import { DEMO_TASK_GROUPS as GROUPS } from './demoTaskList';

/**
 * The demo event's tasks: 6 groups, 40 tasks of every type a task can have without a form (forms are
 * linked once the forms area exists), due from a month ago to three months ahead, some restricted to
 * a team type or needing approval; each team's statuses spread so that every chip shows, and a few
 * approvals pending, approved and rejected with a review; then the team-side seed's comments.
 */

/** A stable 0..99 per task and team, so the demo looks the same whenever it is made. */
function spread(taskIndex: number, teamIndex: number): number {
  return (taskIndex * 37 + teamIndex * 61 + taskIndex * teamIndex * 7) % 100;
}

export async function seedDemoTasks(
  tx: DbOrTx,
  eventId: string,
): Promise<{ tasks: number; statuses: number; comments: number }> {
  const today = calendarDateIn(new Date(), 'Europe/London');
  const typeRows = await tx.select().from(teamTypes).where(eq(teamTypes.eventId, eventId));
  const typeId = new Map(typeRows.map((t) => [t.name, t.id]));
  const teamRows = await tx
    .select({ id: teams.id, teamTypeId: teams.teamTypeId, role: teams.standShareRole })
    .from(teams)
    .where(eq(teams.eventId, eventId))
    .orderBy(asc(teams.name));
  const [organiser] = await tx
    .select({ id: memberships.accountId })
    .from(memberships)
    .where(and(eq(memberships.eventId, eventId), eq(memberships.permissions, 'admin')))
    .limit(1);
  const reviewer = organiser?.id ?? 'system';

  const taskRows: (typeof tasks.$inferInsert & { teamTypeIds: string[] })[] = [];
  const groupRows = GROUPS.map(([title]) => ({ eventId, id: randomUUID(), title }));
  await tx.insert(taskGroups).values(groupRows);
  GROUPS.forEach(([, list], g) => {
    list.forEach((task, position) => {
      const only = task.onlyFor ? typeId.get(task.onlyFor) : undefined;
      taskRows.push({
        eventId,
        id: randomUUID(),
        title: task.title,
        dueDate: addCalendarDays(today, task.due),
        description: task.description,
        type: task.type,
        externalLink: task.link ?? '',
        disclaimer: task.disclaimer ?? '',
        isApprovalNeeded: task.approval ?? false,
        isRequired: task.required ?? false,
        isTimeSensitive: task.timeSensitive ?? false,
        showToChildTeams: !only,
        teamTypeIds: only ? [only] : [],
        groupId: groupRows[g].id,
        position,
      });
    });
  });
  await tx.insert(tasks).values(taskRows);
  await insertTeamTypeIds(
    tx,
    taskTeamTypes,
    eventId,
    taskRows.map((task) => ({ ownerId: task.id as string, teamTypeIds: task.teamTypeIds })),
  );

  const statusRows: (typeof taskStatuses.$inferInsert)[] = [];
  taskRows.forEach((task, t) => {
    const due = GROUPS.flatMap(([, list]) => list)[t].due;
    // Tasks long overdue are mostly done; tasks far ahead mostly not started.
    const doneShare = due < -10 ? 80 : due < 0 ? 55 : due < 30 ? 30 : 8;
    teamRows.forEach((team, m) => {
      const seesIt =
        task.teamTypeIds.length === 0 ||
        (team.teamTypeId !== null && task.teamTypeIds.includes(team.teamTypeId));
      if (!seesIt || (team.role === 'child' && !task.showToChildTeams)) return;
      const h = spread(t, m);
      if (h >= doneShare + 6) return;
      const at = new Date(Date.now() - ((h * 7) % 20) * 86_400_000 - h * 3_600_000);
      const progress = h < doneShare ? 'complete' : 'n/a';
      let approvalStatus: 'none' | 'pending' | 'approved' | 'rejected' = 'none';
      let approvalReview = '';
      let approvalHistory: ApprovalHistoryEntry[] = [];
      let progressStatus: 'complete' | 'n/a' | 'incomplete' = progress;
      if (task.isApprovalNeeded && progress === 'complete') {
        if (h % 4 === 0) approvalStatus = 'pending';
        else if (h % 4 === 3) {
          // Rejected: back to incomplete with the organiser's reason, as the approval rules do.
          approvalStatus = 'rejected';
          progressStatus = 'incomplete';
          approvalReview = 'The file is too small to print; please send one at least 1000 pixels wide.';
          approvalHistory = [
            { status: 'rejected', review: approvalReview, by: reviewer, at: at.toISOString() },
          ];
        } else {
          approvalStatus = 'approved';
          approvalReview = 'Thank you, all in order.';
          approvalHistory = [
            { status: 'approved', review: approvalReview, by: reviewer, at: at.toISOString() },
          ];
        }
      }
      statusRows.push({
        eventId,
        taskId: task.id as string,
        teamId: team.id,
        progressStatus,
        approvalStatus,
        approvalReview,
        approvalHistory,
        createdAt: at,
        updatedAt: at,
      });
    });
  });
  for (let start = 0; start < statusRows.length; start += 500) {
    await tx.insert(taskStatuses).values(statusRows.slice(start, start + 500));
  }
  // Teams talk on tasks every team sees, so no comment sits on a task its team cannot open.
  const open = taskRows.filter((task) => task.teamTypeIds.length === 0).map((task) => task.id as string);
  const comments = await seedDemoComments(tx, eventId, open);
  return { tasks: taskRows.length, statuses: statusRows.length, comments };
}
