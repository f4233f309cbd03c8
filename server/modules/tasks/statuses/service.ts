import { and, eq, inArray, sql } from 'drizzle-orm';
import { TEAM_ERRORS } from '../../../../shared/people/teams';
import type { BulkStatusResponse } from '../../../../shared/tasks/adminApi';
import { type ProgressStatus, setProgress, TASK_STATUS_LABELS } from '../../../../shared/tasks/index';
import type { AppContext } from '../../../platform/context';
import { withTransaction } from '../../../platform/db/transaction';
import { notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { dispatchEmails } from '../../emails/service';
import { teams } from '../../people/tables';
import { signalStatusesAfterCommit } from '../live';
import { taskStatuses } from '../tables';
import { queueTaskStatusEmails, type StatusChange } from './email';
import { findTask, stateOf, teamsSeeing } from './queries';

/** Setting every team's status of one task at once (the organisers' bulk status). */

const BATCH = 500;

/**
 * An organiser sets one progress value for many teams (spec: bulk table actions). Every team must be
 * one of the event's teams that sees the task, or nothing is stored. The approval rules decide per
 * team; a refusal is reported for that team and the others still change.
 */
export async function setTeamStatuses(
  ctx: AppContext,
  actor: Actor,
  taskId: string,
  body: { teamIds: string[]; progressStatus: ProgressStatus },
): Promise<BulkStatusResponse> {
  return withTransaction(ctx.db, async (db, effects) => {
    const task = await findTask(db, actor.eventId, taskId);
    const teamIds = [...new Set(body.teamIds)];
    const found = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.eventId, actor.eventId), inArray(teams.id, teamIds), teamsSeeing(task)));
    if (found.length !== teamIds.length) throw notFound(TEAM_ERRORS.teamNotFound);

    const current = await db
      .select()
      .from(taskStatuses)
      .where(
        and(
          eq(taskStatuses.eventId, actor.eventId),
          eq(taskStatuses.taskId, taskId),
          inArray(taskStatuses.teamId, teamIds),
        ),
      )
      .for('update');
    const byTeam = new Map(current.map((s) => [s.teamId, s]));
    const result: BulkStatusResponse = { updated: 0, unchanged: 0, refused: [] };
    const now = new Date();
    const changes: (typeof taskStatuses.$inferInsert)[] = [];
    const emailed: StatusChange[] = [];
    for (const teamId of teamIds) {
      const state = stateOf(byTeam.get(teamId));
      const transition = setProgress(state, {
        progress: body.progressStatus,
        isApprovalNeeded: task.isApprovalNeeded,
        actor: { userId: actor.accountId, level: actor.permissions },
      });
      if (!transition.ok) {
        result.refused.push({ teamId, message: transition.error });
        continue;
      }
      if (transition.state.progressStatus === state.progressStatus) {
        result.unchanged += 1;
        continue;
      }
      result.updated += 1;
      const { progressStatus, approvalStatus, approvalReview, approvalHistory } = transition.state;
      emailed.push({
        teamId,
        status: TASK_STATUS_LABELS[progressStatus],
        review: '',
        assignedTo: state.assignedTo,
      });
      changes.push({
        eventId: actor.eventId,
        taskId,
        teamId,
        progressStatus,
        approvalStatus,
        approvalReview,
        approvalHistory,
        createdBy: actor.accountId,
        updatedBy: actor.accountId,
        updatedAt: now,
      });
    }
    for (let start = 0; start < changes.length; start += BATCH) {
      await db
        .insert(taskStatuses)
        .values(changes.slice(start, start + BATCH))
        .onConflictDoUpdate({
          target: [taskStatuses.eventId, taskStatuses.taskId, taskStatuses.teamId],
          set: {
            progressStatus: sql`excluded.progress_status`,
            approvalStatus: sql`excluded.approval_status`,
            approvalReview: sql`excluded.approval_review`,
            approvalHistory: sql`excluded.approval_history`,
            updatedBy: sql`excluded.updated_by`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
    const outboxIds = await queueTaskStatusEmails(db, {
      eventId: actor.eventId,
      task,
      changes: emailed,
      actor: actor.accountId,
    });
    effects.afterCommit(() => dispatchEmails(ctx, outboxIds));
    signalStatusesAfterCommit(ctx, effects, actor.eventId, teamIds);
    return result;
  });
}
