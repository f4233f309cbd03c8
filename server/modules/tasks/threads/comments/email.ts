import { and, asc, eq, inArray } from 'drizzle-orm';
import { findMentions, type Mentionable } from '../../../../../shared/tasks/comments';
import type { DbOrTx } from '../../../../platform/db/client';
import { accounts } from '../../../auth/tables';
import { queueEmail } from '../../../emails/service';
import { renderEmail } from '../../../emails/templates/email';
import { emailLook } from '../../../emails/templates/queries';
import { readSettings } from '../../../events/settingsStore';
import { events } from '../../../events/tables';
import { memberships } from '../../../people/tables';

/** The members of a team, by first name: who may be mentioned (and assigned). */
export async function teamMembers(db: DbOrTx, eventId: string, teamId: string): Promise<Mentionable[]> {
  return db
    .select({ id: accounts.id, firstName: accounts.firstName, surname: accounts.surname })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.eventId, eventId), eq(memberships.teamId, teamId)))
    .orderBy(asc(accounts.firstName), asc(accounts.surname));
}

/** The longest excerpt of a comment an email quotes; the rest is one click away. */
const EXCERPT_LENGTH = 280;

/**
 * Emails every team member the text mentions (never the author), through the outbox inside the
 * caller's transaction. Answers the mentioned ids (stored with the comment) and the outbox ids to
 * dispatch after commit.
 */
export async function queueMentionEmails(
  tx: DbOrTx,
  input: {
    eventId: string;
    teamId: string;
    taskId: string;
    taskTitle: string;
    text: string;
    authorId: string;
  },
): Promise<{ mentions: string[]; outboxIds: string[] }> {
  const members = await teamMembers(tx, input.eventId, input.teamId);
  const mentions = findMentions(input.text, members).filter((id) => id !== input.authorId);
  if (mentions.length === 0) return { mentions, outboxIds: [] };
  const [[event], { eventName }, people] = await Promise.all([
    tx.select({ appUrl: events.appUrl }).from(events).where(eq(events.id, input.eventId)),
    readSettings(tx, input.eventId, 'event'),
    tx
      .select({
        id: accounts.id,
        email: accounts.email,
        firstName: accounts.firstName,
        surname: accounts.surname,
      })
      .from(accounts)
      .where(inArray(accounts.id, [...mentions, input.authorId])),
  ]);
  const author = people.find((p) => p.id === input.authorId);
  const authorName = author ? `${author.firstName} ${author.surname}` : 'Someone';
  const excerpt =
    input.text.length > EXCERPT_LENGTH ? `${input.text.slice(0, EXCERPT_LENGTH - 1)}…` : input.text;
  const link = `${event?.appUrl ?? ''}/tasks/${input.taskId}`;
  const look = await emailLook(tx, { eventId: input.eventId }, 'commentMention');
  const outboxIds: string[] = [];
  for (const person of people.filter((p) => mentions.includes(p.id))) {
    const content = renderEmail(
      'commentMention',
      {
        eventName,
        firstName: person.firstName,
        link,
        authorName,
        taskTitle: input.taskTitle,
        excerpt,
      },
      look,
    );
    outboxIds.push(
      await queueEmail(tx, {
        eventId: input.eventId,
        kind: 'commentMention',
        to: person.email,
        content,
        actor: input.authorId,
      }),
    );
  }
  return { mentions, outboxIds };
}
