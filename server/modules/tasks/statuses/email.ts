import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { accounts } from '../../auth/tables';
import { queueEmails } from '../../emails/service';
import { renderEmail } from '../../emails/templates/email';
import { emailLook } from '../../emails/templates/queries';
import { readSettings } from '../../events/settingsStore';
import { events } from '../../events/tables';
import { teams } from '../../people/tables';

/**
 * The 'task status' email (spec: email subjects): an organiser changed a team's status of a task —
 * approved or rejected its completion, or set it complete, n/a or incomplete for the team. It goes
 * to the team's owner and to the members assigned to the task (each once), never to the organiser
 * who made the change nor to a disabled account. Queued in the caller's transaction; the caller
 * dispatches the returned outbox ids after commit.
 */

export type StatusChange = {
  teamId: string;
  /** The status as the team sees it: 'Approved', 'Rejected', 'Complete', 'N/A', 'Incomplete'. */
  status: string;
  /** The organiser's review of an approval decision ('' when none). */
  review: string;
  assignedTo: readonly string[];
};

export async function queueTaskStatusEmails(
  tx: DbOrTx,
  input: { eventId: string; task: { id: string; title: string }; changes: StatusChange[]; actor: string },
): Promise<string[]> {
  if (input.changes.length === 0) return [];
  const teamIds = input.changes.map((change) => change.teamId);
  const teamRows = await tx
    .select({ id: teams.id, name: teams.name, ownerId: teams.ownerId })
    .from(teams)
    .where(and(eq(teams.eventId, input.eventId), inArray(teams.id, teamIds)));
  const teamById = new Map(teamRows.map((team) => [team.id, team]));
  const recipientsOf = (change: StatusChange) => {
    const ownerId = teamById.get(change.teamId)?.ownerId;
    return [...new Set([...(ownerId ? [ownerId] : []), ...change.assignedTo])].filter(
      (id) => id !== input.actor,
    );
  };
  const accountIds = [...new Set(input.changes.flatMap(recipientsOf))];
  if (accountIds.length === 0) return [];
  const people = await tx
    .select({ id: accounts.id, email: accounts.email, firstName: accounts.firstName })
    .from(accounts)
    .where(and(inArray(accounts.id, accountIds), eq(accounts.disabled, false)));
  const personById = new Map(people.map((person) => [person.id, person]));
  const { eventName } = await readSettings(tx, input.eventId, 'event');
  const [event] = await tx.select({ appUrl: events.appUrl }).from(events).where(eq(events.id, input.eventId));
  const look = await emailLook(tx, { eventId: input.eventId }, 'taskStatus');
  const link = `${(event?.appUrl ?? '').replace(/\/+$/, '')}/tasks/${input.task.id}`;
  const emails = input.changes.flatMap((change) =>
    recipientsOf(change).flatMap((id) => {
      const person = personById.get(id);
      if (!person) return [];
      const content = renderEmail(
        'taskStatus',
        {
          eventName,
          firstName: person.firstName,
          teamName: teamById.get(change.teamId)?.name ?? 'Your team',
          taskTitle: input.task.title,
          taskStatus: change.status,
          review: change.review,
          link,
        },
        look,
      );
      return [{ kind: 'taskStatus' as const, to: person.email, content }];
    }),
  );
  return queueEmails(tx, { eventId: input.eventId, accountId: input.actor }, emails);
}
