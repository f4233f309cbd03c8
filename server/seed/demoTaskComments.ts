import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { accounts } from '../modules/auth/tables';
import { memberships, teams } from '../modules/people/tables';
import { taskComments } from '../modules/tasks/threads/tables';
import type { DbOrTx } from '../platform/db/client';

/** What teams say on their tasks; {member} becomes a mention of a teammate. */
const OPENERS = [
  'Could {member} confirm the delivery slot with the venue?',
  'We have uploaded the draft. {member}, can you check the dimensions?',
  'Is the deadline for this firm, or is there a grace period?',
  'Done on our side. {member}, please keep the confirmation email.',
  'Do we need one of these per stand, or one for the whole team?',
];
const REPLIES = [
  'On it, I will sort it out this week.',
  'Thanks for the reminder, we will get this done.',
  'The deadline is firm, but ask us if anything holds you up.',
  'Confirmed, one per team is enough.',
];
const ORGANISER_NOTE = 'Thanks, we have what we need for now.';

type Member = { id: string; firstName: string; surname: string; teamId: string; isOwner: boolean };

/**
 * Comments for the demo event, called by the tasks demo seed with the tasks it made: for the first
 * `threads` pairs of task and team (teams in name order, tasks in the order given), the team owner
 * opens with a comment that mentions a teammate, a member or an organiser replies, some are liked
 * and every third thread has its comment pinned. Deterministic (no randomness), no emails sent, and
 * written in three multi-row inserts. Answers how many comments and replies it wrote.
 */
export async function seedDemoComments(
  tx: DbOrTx,
  eventId: string,
  taskIds: readonly string[],
  options: { threads?: number; now?: Date } = {},
): Promise<number> {
  const threads = options.threads ?? 30;
  const now = options.now ?? new Date();
  const rows = await tx
    .select({
      id: accounts.id,
      firstName: accounts.firstName,
      surname: accounts.surname,
      teamId: memberships.teamId,
      ownerId: teams.ownerId,
      permissions: memberships.permissions,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .leftJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(memberships.eventId, eventId))
    .orderBy(asc(teams.name), asc(accounts.firstName));
  const organiser = rows.find((r) => r.permissions === 'moderator' || r.permissions === 'admin');
  const byTeam = new Map<string, Member[]>();
  for (const r of rows) {
    if (!r.teamId) continue;
    const list = byTeam.get(r.teamId) ?? [];
    list.push({
      id: r.id,
      firstName: r.firstName,
      surname: r.surname,
      teamId: r.teamId,
      isOwner: r.ownerId === r.id,
    });
    byTeam.set(r.teamId, list);
  }
  // Teams with an owner and at least one more member, so there is someone to mention.
  const teamsWithPeople = [...byTeam.values()].filter((m) => m.length > 1 && m.some((x) => x.isOwner));
  if (teamsWithPeople.length === 0 || taskIds.length === 0) return 0;

  const comments: (typeof taskComments.$inferInsert)[] = [];
  const replies: (typeof taskComments.$inferInsert)[] = [];
  for (let i = 0; i < threads; i++) {
    const team = teamsWithPeople[i % teamsWithPeople.length];
    const taskId = taskIds[(i * 7) % taskIds.length];
    const owner = team.find((m) => m.isOwner) ?? team[0];
    const teammate = team.find((m) => m.id !== owner.id) ?? owner;
    const at = new Date(now.getTime() - (threads - i) * 3_600_000);
    const id = randomUUID();
    comments.push({
      eventId,
      id,
      taskId,
      teamId: owner.teamId,
      text: OPENERS[i % OPENERS.length].replace('{member}', `@${teammate.firstName} ${teammate.surname}`),
      mentions: OPENERS[i % OPENERS.length].includes('{member}') ? [teammate.id] : [],
      likes: i % 2 === 0 ? [teammate.id] : [],
      isPinned: i % 3 === 0,
      pinnedAt: i % 3 === 0 ? at : null,
      createdAt: at,
      updatedAt: at,
      createdBy: owner.id,
      updatedBy: owner.id,
    });
    const replier = i % 4 === 3 && organiser ? organiser.id : teammate.id;
    const replyAt = new Date(at.getTime() + 20 * 60_000);
    replies.push({
      eventId,
      taskId,
      teamId: owner.teamId,
      parentId: id,
      text: replier === organiser?.id ? ORGANISER_NOTE : REPLIES[i % REPLIES.length],
      likes: i % 3 === 1 ? [owner.id] : [],
      createdAt: replyAt,
      updatedAt: replyAt,
      createdBy: replier,
      updatedBy: replier,
    });
  }
  await tx.insert(taskComments).values(comments);
  await tx.insert(taskComments).values(replies);
  return comments.length + replies.length;
}
