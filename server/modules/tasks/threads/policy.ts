import { and, eq } from 'drizzle-orm';
import { TEAM_ERRORS } from '../../../../shared/people/teams';
import { canReadThread, isOrganiser, type ThreadViewer } from '../../../../shared/tasks/comments';
import { tasksForViewer } from '../../../../shared/tasks/visibility';
import type { DbOrTx } from '../../../platform/db/client';
import { forbidden, notFound } from '../../../platform/http/errors';
import type { Actor } from '../../../platform/http/guards';
import { memberships, teams } from '../../people/tables';
import { TASK_NOT_FOUND } from '../errors';
import { tasks, taskWithTeamTypes } from '../tables';

/**
 * Opens one team's side of one task for the caller, or answers 404: another event's ids, a team that
 * is not the caller's (unless an organiser), a task the caller's team cannot see. A 404, not a 403,
 * so that another team's thread does not even show that it exists.
 */

export type TaskRecord = typeof tasks.$inferSelect;
export type Thread = {
  task: TaskRecord;
  team: { id: string; name: string; ownerId: string };
  viewer: ThreadViewer;
  /** The caller is a member of this thread's team (organisers reading another team are not). */
  isTeamMember: boolean;
};

export async function openThread(db: DbOrTx, actor: Actor, taskId: string, teamId: string): Promise<Thread> {
  const [[task], [team], [own]] = await Promise.all([
    db
      .select(taskWithTeamTypes)
      .from(tasks)
      .where(and(eq(tasks.eventId, actor.eventId), eq(tasks.id, taskId))),
    db
      .select({ id: teams.id, name: teams.name, ownerId: teams.ownerId })
      .from(teams)
      .where(and(eq(teams.eventId, actor.eventId), eq(teams.id, teamId))),
    db
      .select({
        teamId: teams.id,
        ownerId: teams.ownerId,
        isOrganiserTeam: teams.isOrganiser,
        teamTypeId: teams.teamTypeId,
        standShareRole: teams.standShareRole,
      })
      .from(memberships)
      .innerJoin(teams, eq(teams.id, memberships.teamId))
      .where(and(eq(memberships.eventId, actor.eventId), eq(memberships.accountId, actor.accountId))),
  ]);
  if (!task) throw notFound(TASK_NOT_FOUND);
  if (!team) throw notFound(TEAM_ERRORS.teamNotFound);
  const viewer: ThreadViewer = {
    accountId: actor.accountId,
    level: actor.permissions,
    teamId: own?.teamId ?? null,
    isTeamOwner: own?.ownerId === actor.accountId,
  };
  if (!canReadThread(viewer, team.id)) throw notFound(TEAM_ERRORS.teamNotFound);
  const isTeamMember = own?.teamId === team.id;
  // A team works only on the tasks its list shows; organisers may open any team's side of any task.
  if (
    !isOrganiser(viewer) &&
    own &&
    tasksForViewer([task], { ...own, level: actor.permissions }).length === 0
  ) {
    throw notFound(TASK_NOT_FOUND);
  }
  return { task, team, viewer, isTeamMember };
}

/** Work only the team itself does (accept a disclaimer, upload): organisers look but do not act. */
export function requireTeamMember(thread: Thread, message: string): void {
  if (!thread.isTeamMember) throw forbidden(message);
}
