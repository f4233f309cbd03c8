import { and, eq } from 'drizzle-orm';
import { defaultTaskStatusValues, progressFlags, setProgress } from '../../../../shared/tasks/index';
import type { DbOrTx } from '../../../platform/db/client';
import { SYSTEM_ACTOR } from '../../../platform/db/columns';
import { formSubmissions } from '../../submissions/tables';
import { taskStatuses, tasks } from '../tables';

/**
 * Spec: saving a submission updates the progress of the linked task; deleting one sets it
 * incomplete again. The platform makes the change (as an admin would, so an approval a moderator
 * gave is not kept over a deleted submission); the approval rules still decide what follows, so a
 * task that needs approval waits for it after a submission.
 */
export async function setFormTaskProgress(
  db: DbOrTx,
  key: { eventId: string; formId: string; teamId: string },
  complete: boolean,
): Promise<void> {
  // The linked tasks with the team's status on each, in one read (a submit's transaction waits on
  // each round trip).
  const linked = await db
    .select({ id: tasks.id, isApprovalNeeded: tasks.isApprovalNeeded, status: taskStatuses })
    .from(tasks)
    .leftJoin(
      taskStatuses,
      and(
        eq(taskStatuses.eventId, tasks.eventId),
        eq(taskStatuses.taskId, tasks.id),
        eq(taskStatuses.teamId, key.teamId),
      ),
    )
    .where(and(eq(tasks.eventId, key.eventId), eq(tasks.formId, key.formId), eq(tasks.isArchived, false)));
  for (const task of linked) {
    const status = task.status;
    const state = status ? { ...status, ...progressFlags(status.progressStatus) } : defaultTaskStatusValues();
    const transition = setProgress(state, {
      progress: complete ? 'complete' : 'incomplete',
      isApprovalNeeded: task.isApprovalNeeded,
      actor: { userId: SYSTEM_ACTOR, level: 'admin' },
    });
    if (!transition.ok || transition.state === state) continue;
    const { progressStatus, approvalStatus, approvalReview } = transition.state;
    const set = {
      progressStatus,
      approvalStatus,
      approvalReview,
      updatedBy: SYSTEM_ACTOR,
      updatedAt: new Date(),
    };
    await db
      .insert(taskStatuses)
      .values({ eventId: key.eventId, taskId: task.id, teamId: key.teamId, ...set })
      .onConflictDoUpdate({ target: [taskStatuses.eventId, taskStatuses.taskId, taskStatuses.teamId], set });
  }
}

/**
 * A task newly linked to a form (created, or its form changed) is complete for the teams that have
 * already submitted that form, as if they had submitted it after the link.
 */
export async function completeForSubmittedTeams(db: DbOrTx, eventId: string, formId: string): Promise<void> {
  const submitted = await db
    .selectDistinct({ teamId: formSubmissions.teamId })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.eventId, eventId),
        eq(formSubmissions.formId, formId),
        eq(formSubmissions.isDraft, false),
      ),
    );
  for (const { teamId } of submitted) {
    if (teamId) await setFormTaskProgress(db, { eventId, formId, teamId }, true);
  }
}
