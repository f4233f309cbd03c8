import { randomUUID } from 'node:crypto';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { SETTINGS_ERRORS, SETTINGS_SCHEMAS } from '../../../../../shared/events/settings';
import { newToken } from '../../../../platform/crypto';
import type { DbOrTx } from '../../../../platform/db/client';
import { AppError, notFound } from '../../../../platform/http/errors';
import { LINK_PATHS } from '../../../auth/recovery/service';
import { linkTokenPlaceholder, tokenIssue } from '../../../auth/tokens/service';
import { emailQueueing } from '../../../emails/service';
import { type EmailLook, renderEmail } from '../../../emails/templates/email';
import type { Found } from './queries';

/**
 * The set-password welcome of queueTokenEmail, written in one statement with the row's check
 * record: the auth module's token writes (any earlier unused set-password token of the account
 * stops working, the new token's hash is stored) and the emails module's outbox write, as queries
 * their services build, run together here. The token is a SHA-256 of 32 random bytes (no slow
 * KDF), so it costs nothing next to the round trips.
 */
export async function queueSetPassword(
  tx: DbOrTx,
  event: { eventId: string; actorId: string; setPasswordLook: EmailLook },
  found: Pick<Found, 'appUrl' | 'eventSettings'>,
  owner: { accountId: string; firstName: string; email: string; existingAccount: boolean },
  record: SQLWrapper,
): Promise<string> {
  if (found.appUrl === null) throw notFound('Event ID not found');
  if (found.eventSettings === null) throw new AppError(500, 'internal', SETTINGS_ERRORS.event.missing);
  const eventSettings = SETTINGS_SCHEMAS.event.safeParse(found.eventSettings);
  if (!eventSettings.success) throw new AppError(500, 'internal', SETTINGS_ERRORS.event.invalid);
  // The email keeps the token's id; the token sent is made at send time (mintLinkToken).
  const issued = { id: randomUUID(), token: newToken() };
  const token = tokenIssue(
    tx,
    { accountId: owner.accountId, eventId: event.eventId, mode: 'setPassword', actor: event.actorId },
    issued,
  );
  const link = `${found.appUrl}${LINK_PATHS.setPassword}?token=${linkTokenPlaceholder(issued.id)}`;
  const content = renderEmail(
    'setPassword',
    {
      eventName: eventSettings.data.eventName,
      firstName: owner.firstName,
      link,
    },
    event.setPasswordLook,
  );
  const email = emailQueueing(tx, {
    eventId: event.eventId,
    kind: 'setPassword',
    to: owner.email,
    content,
    actor: event.actorId,
  });
  // A new account has no earlier token to revoke.
  const revoked = owner.existingAccount ? sql`revoked as (${token.revokeEarlier.getSQL()}), ` : sql``;
  await tx.execute(
    sql`with ${revoked}new_token as (${token.insert.getSQL()}), new_email as (${email.insert.getSQL()}) ${record.getSQL()}`,
  );
  return email.id;
}
