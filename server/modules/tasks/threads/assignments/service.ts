import { and, eq, sql } from 'drizzle-orm';
import { applyAssignment } from '../../../../../shared/tasks/schema';
import { TEAM_WORK_ERRORS } from '../../../../../shared/tasks/teamWork';
import type { DbOrTx } from '../../../../platform/db/client';
import { SYSTEM_ACTOR } from '../../../../platform/db/columns';
import { badRequest } from '../../../../platform/http/errors';
import { taskStatuses } from '../../tables';
import { teamMembers } from '../comments/email';
import type { Thread } from '../policy';

/**
 * Spec: assignment adds or removes user ids in the team's assignedTo. Only members of that team can
 * be added ('Invalid user'); an id can be removed when it is assigned or a member, so someone who has
 * since left the team can still be taken off ('Invalid ids to remove' otherwise).
 */
export async function changeAssignees(
  tx: DbOrTx,
  thread: Thread,
  change: { add: string[]; remove: string[] },
): Promise<string[]> {
  const key = { eventId: thread.task.eventId, taskId: thread.task.id, teamId: thread.team.id };
  const [members, [current]] = await Promise.all([
    teamMembers(tx, key.eventId, key.teamId),
    tx
      .select({ assignedTo: taskStatuses.assignedTo })
      .from(taskStatuses)
      .where(
        and(
          eq(taskStatuses.eventId, key.eventId),
          eq(taskStatuses.taskId, key.taskId),
          eq(taskStatuses.teamId, key.teamId),
        ),
      )
      .for('update'),
  ]);
  const memberIds = new Set(members.map((m) => m.id));
  const assigned = current?.assignedTo ?? [];
  if (change.add.some((id) => !memberIds.has(id))) throw badRequest(TEAM_WORK_ERRORS.invalidUser);
  if (change.remove.some((id) => !memberIds.has(id) && !assigned.includes(id))) {
    throw badRequest(TEAM_WORK_ERRORS.invalidIdsToRemove);
  }
  const assignedTo = applyAssignment(assigned, change);
  const by = thread.viewer.accountId;
  const set = { assignedTo, updatedBy: by, updatedAt: new Date() };
  await tx
    .insert(taskStatuses)
    .values({ ...key, ...set, createdBy: by })
    .onConflictDoUpdate({ target: [taskStatuses.eventId, taskStatuses.taskId, taskStatuses.teamId], set });
  return assignedTo;
}

/**
 * Deleting a user hands their tasks to a chosen user (spec): every task they were assigned to in the
 * event is assigned to the successor instead, in the same place of the list, never twice. Their
 * comments stay theirs (the spec transfers tasks, not words), shown as "Former member".
 */
export async function transferAssignments(
  tx: DbOrTx,
  input: { eventId: string; fromAccountId: string; toAccountId: string },
): Promise<void> {
  const from = sql`${input.fromAccountId}::uuid`;
  const to = sql`${input.toAccountId}::uuid`;
  await tx
    .update(taskStatuses)
    .set({
      assignedTo: sql`case when ${to} = any(${taskStatuses.assignedTo}) then array_remove(${taskStatuses.assignedTo}, ${from}) else array_replace(${taskStatuses.assignedTo}, ${from}, ${to}) end`,
      updatedBy: SYSTEM_ACTOR,
      updatedAt: new Date(),
    })
    .where(and(eq(taskStatuses.eventId, input.eventId), sql`${from} = any(${taskStatuses.assignedTo})`));
}
