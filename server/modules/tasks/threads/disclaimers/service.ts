import { and, eq, sql } from 'drizzle-orm';
import type { Acceptance } from '../../../../../shared/tasks/teamWork';
import { TEAM_WORK_ERRORS } from '../../../../../shared/tasks/teamWork';
import type { DbOrTx } from '../../../../platform/db/client';
import { conflict } from '../../../../platform/http/errors';
import type { Actor } from '../../../../platform/http/guards';
import { accounts } from '../../../auth/tables';
import { setMyProgress } from '../../myTasks/service';
import { requireTeamMember, type Thread } from '../policy';
import { taskDisclaimerAcceptances } from '../tables';

/**
 * A disclaimer task is done by accepting its text (decision 0011): the acceptance is stored with who
 * and when, and the team's progress becomes complete through the same rules as "Mark complete", so
 * a task that needs approval goes to pending review. Accepting again records the new acceptance.
 */
export async function acceptDisclaimer(tx: DbOrTx, actor: Actor, thread: Thread): Promise<Acceptance> {
  requireTeamMember(thread, TEAM_WORK_ERRORS.teamOnly);
  if (thread.task.type !== 'disclaimer') throw conflict(TEAM_WORK_ERRORS.notDisclaimer);
  const acceptedAt = new Date();
  const values = {
    eventId: actor.eventId,
    taskId: thread.task.id,
    teamId: thread.team.id,
    acceptedBy: actor.accountId,
    acceptedAt,
    createdBy: actor.accountId,
    updatedBy: actor.accountId,
  };
  await tx
    .insert(taskDisclaimerAcceptances)
    .values(values)
    .onConflictDoUpdate({
      target: [
        taskDisclaimerAcceptances.eventId,
        taskDisclaimerAcceptances.taskId,
        taskDisclaimerAcceptances.teamId,
      ],
      set: { acceptedBy: actor.accountId, acceptedAt, updatedBy: actor.accountId, updatedAt: acceptedAt },
    });
  await setMyProgress(tx, actor, thread.task.id, 'complete');
  const found = await findAcceptance(tx, actor.eventId, thread.task.id, thread.team.id);
  if (!found) throw new Error('acceptance was not stored');
  return found;
}

export async function findAcceptance(
  db: DbOrTx,
  eventId: string,
  taskId: string,
  teamId: string,
): Promise<Acceptance | null> {
  const [row] = await db
    .select({
      acceptedBy: taskDisclaimerAcceptances.acceptedBy,
      acceptedAt: taskDisclaimerAcceptances.acceptedAt,
      firstName: accounts.firstName,
      surname: accounts.surname,
    })
    .from(taskDisclaimerAcceptances)
    .leftJoin(accounts, eq(sql`${accounts.id}::text`, taskDisclaimerAcceptances.acceptedBy))
    .where(
      and(
        eq(taskDisclaimerAcceptances.eventId, eventId),
        eq(taskDisclaimerAcceptances.taskId, taskId),
        eq(taskDisclaimerAcceptances.teamId, teamId),
      ),
    );
  if (!row) return null;
  return {
    acceptedBy: row.acceptedBy,
    acceptedByName: row.firstName ? `${row.firstName} ${row.surname}` : 'Former member',
    acceptedAt: row.acceptedAt.toISOString(),
  };
}
