import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { accounts } from '../../auth/tables';
import { memberships } from '../../people/tables';
import { emailResponses, type outboxEmails } from '../tables';

/**
 * The email delivery log's writer (spec: Email response), called by the outbox's deliver as each
 * email is kept, accepted or refused. Reading and resending are in service.ts.
 */

export type Outboxed = typeof outboxEmails.$inferSelect;
type ResponseType = (typeof emailResponses.$inferInsert)['type'];

/** Records what became of an email, naming the recipient's account and team in its event. */
export async function logEmailResponse(
  db: DbOrTx,
  email: Outboxed,
  type: ResponseType,
  messageId: string,
  details = '',
  visitor: { userAgent: string | null; ipAddress: string | null } = { userAgent: null, ipAddress: null },
): Promise<void> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, email.to.toLowerCase()))
    .limit(1);
  const [member] =
    account && email.eventId
      ? await db
          .select({ teamId: memberships.teamId })
          .from(memberships)
          .where(and(eq(memberships.eventId, email.eventId), eq(memberships.accountId, account.id)))
      : [];
  await db.insert(emailResponses).values({
    outboxId: email.id,
    eventId: email.eventId,
    messageId,
    type,
    recipient: email.to,
    templateId: email.kind,
    teamId: member?.teamId ?? null,
    userId: account?.id ?? null,
    details,
    ...visitor,
  });
}

export type LoggedResponse = { email: Outboxed; type: ResponseType; messageId: string; details: string };

/**
 * Many outcomes of one send batch in three statements (the accounts, their memberships, one insert)
 * rather than three per email: the queue's drain rate is bounded by these round trips.
 */
export async function logEmailResponses(db: DbOrTx, responses: readonly LoggedResponse[]): Promise<void> {
  if (responses.length === 0) return;
  const addresses = [...new Set(responses.map((r) => r.email.to.toLowerCase()))];
  const found = await db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(inArray(accounts.email, addresses));
  const accountOf = new Map(found.map((a) => [a.email.toLowerCase(), a.id]));
  const eventIds = [...new Set(responses.flatMap((r) => (r.email.eventId ? [r.email.eventId] : [])))];
  const members =
    found.length && eventIds.length
      ? await db
          .select({
            eventId: memberships.eventId,
            accountId: memberships.accountId,
            teamId: memberships.teamId,
          })
          .from(memberships)
          .where(
            and(
              inArray(memberships.eventId, eventIds),
              inArray(
                memberships.accountId,
                found.map((a) => a.id),
              ),
            ),
          )
      : [];
  const teamOf = new Map(members.map((m) => [`${m.eventId}/${m.accountId}`, m.teamId]));
  await db.insert(emailResponses).values(
    responses.map(({ email, type, messageId, details }) => {
      const userId = accountOf.get(email.to.toLowerCase()) ?? null;
      return {
        outboxId: email.id,
        eventId: email.eventId,
        messageId,
        type,
        recipient: email.to,
        templateId: email.kind,
        teamId: (userId && email.eventId ? teamOf.get(`${email.eventId}/${userId}`) : null) ?? null,
        userId,
        details,
      };
    }),
  );
}
