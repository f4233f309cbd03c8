import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { accounts } from '../auth/tables';
import { memberships } from '../people/tables';
import { emailResponses, type outboxEmails } from './tables';

/**
 * The email delivery log's writer (spec: Email response), called by the outbox's deliver as each
 * email is kept, accepted or refused. Reading and resending are in responses.ts.
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
