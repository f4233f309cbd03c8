import { and, count, eq } from 'drizzle-orm';
import { isOrganiser } from '../../../../shared/tasks/comments';
import type { TeamWork, TeamWorkSummary } from '../../../../shared/tasks/teamWork';
import type { DbOrTx } from '../../../platform/db/client';
import type { Actor } from '../../../platform/http/guards';
import { memberships } from '../../people/tables';
import { taskStatuses } from '../tables';
import { teamMembers } from './comments/email';
import { findAcceptance } from './disclaimers/service';
import type { Thread } from './policy';
import { taskComments, taskDisclaimerAcceptances, taskUploads } from './tables';

/** One team's work on one task: assignees, the accepted disclaimer, uploads, and what the caller may do. */
export async function getTeamWork(db: DbOrTx, thread: Thread): Promise<TeamWork> {
  const { eventId, id: taskId } = thread.task;
  const teamId = thread.team.id;
  const [members, [status], acceptance] = await Promise.all([
    teamMembers(db, eventId, teamId),
    db
      .select({ assignedTo: taskStatuses.assignedTo })
      .from(taskStatuses)
      .where(
        and(
          eq(taskStatuses.eventId, eventId),
          eq(taskStatuses.taskId, taskId),
          eq(taskStatuses.teamId, teamId),
        ),
      ),
    findAcceptance(db, eventId, taskId, teamId),
  ]);
  return {
    taskId,
    teamId,
    assignedTo: status?.assignedTo ?? [],
    members,
    acceptance,
    can: {
      assign: thread.isTeamMember || isOrganiser(thread.viewer),
      accept: thread.isTeamMember && thread.task.type === 'disclaimer',
      upload: thread.isTeamMember && thread.task.type === 'upload',
    },
  };
}

/** For the caller's own team's list: per task its assignees, comment and upload counts, acceptance. */
export async function teamWorkSummary(db: DbOrTx, actor: Actor): Promise<TeamWorkSummary> {
  const [own] = await db
    .select({ teamId: memberships.teamId })
    .from(memberships)
    .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, actor.accountId)));
  const teamId = own?.teamId ?? null;
  if (!teamId) return { teamId: null, members: [], tasks: [] };
  const [members, statuses, comments, uploads, acceptances] = await Promise.all([
    teamMembers(db, actor.eventId, teamId),
    db
      .select({ taskId: taskStatuses.taskId, assignedTo: taskStatuses.assignedTo })
      .from(taskStatuses)
      .where(and(eq(taskStatuses.eventId, actor.eventId), eq(taskStatuses.teamId, teamId))),
    db
      .select({ taskId: taskComments.taskId, n: count() })
      .from(taskComments)
      .where(and(eq(taskComments.eventId, actor.eventId), eq(taskComments.teamId, teamId)))
      .groupBy(taskComments.taskId),
    db
      .select({ taskId: taskUploads.taskId, n: count() })
      .from(taskUploads)
      .where(and(eq(taskUploads.eventId, actor.eventId), eq(taskUploads.teamId, teamId)))
      .groupBy(taskUploads.taskId),
    db
      .select({ taskId: taskDisclaimerAcceptances.taskId, at: taskDisclaimerAcceptances.acceptedAt })
      .from(taskDisclaimerAcceptances)
      .where(
        and(
          eq(taskDisclaimerAcceptances.eventId, actor.eventId),
          eq(taskDisclaimerAcceptances.teamId, teamId),
        ),
      ),
  ]);
  const taskIds = new Set([
    ...statuses.filter((s) => s.assignedTo.length > 0).map((s) => s.taskId),
    ...comments.map((c) => c.taskId),
    ...uploads.map((u) => u.taskId),
    ...acceptances.map((a) => a.taskId),
  ]);
  const byTask = <R extends { taskId: string }>(rows: R[]) => new Map(rows.map((r) => [r.taskId, r]));
  const status = byTask(statuses);
  const comment = byTask(comments);
  const upload = byTask(uploads);
  const acceptance = byTask(acceptances);
  return {
    teamId,
    members,
    tasks: [...taskIds].map((taskId) => ({
      taskId,
      assignedTo: status.get(taskId)?.assignedTo ?? [],
      commentsCount: comment.get(taskId)?.n ?? 0,
      uploadsCount: upload.get(taskId)?.n ?? 0,
      acceptedAt: acceptance.get(taskId)?.at.toISOString() ?? null,
    })),
  };
}
