/** Changing the sign-in email: a verified link to the new address, applied in one transaction. */
import { eq } from 'drizzle-orm';
import { AUTH_ERROR_MESSAGES } from '../../../../shared/auth/errors';
import type { EmailChangeBody } from '../../../../shared/auth/schema';
import type { AppContext } from '../../../platform/context';
import { isUniqueViolation } from '../../../platform/db/errors';
import { withTransaction } from '../../../platform/db/transaction';
import { authError, notFound } from '../../../platform/http/errors';
import { endLiveAccount } from '../../../platform/live/publish';
import { withinLimit } from '../../../platform/rateLimit';
import { dispatchEmails, queueEmail } from '../../emails/service';
import { renderEmail } from '../../emails/templates/email';
import { emailLook } from '../../emails/templates/queries';
import { readSettings } from '../../events/settingsStore';
import { defaultEventId } from '../../membership/queries';
import { verifyPassword } from '../passwords/service';
import { queueTokenEmail } from '../recovery/service';
import { tooMany } from '../service';
import { endAllSessions, type SessionAccount } from '../sessions/service';
import { accounts } from '../tables';
import { checkToken, consumeToken } from '../tokens/service';

/** Sends a verification link to the new address; nothing changes until it is opened. */
export async function requestEmailChange(
  ctx: AppContext,
  session: SessionAccount,
  input: EmailChangeBody,
): Promise<void> {
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, session.accountId)).limit(1);
  if (!account) throw authError(401, 'auth/unauthenticated', AUTH_ERROR_MESSAGES['auth/unauthenticated']);
  if (!(await withinLimit(ctx.db, `email-change:${account.id}`, 10, 60 * 60))) throw tooMany();
  if (!(await verifyPassword(input.password, account.passwordHash))) {
    throw authError(400, 'auth/wrong-password', AUTH_ERROR_MESSAGES['auth/wrong-password']);
  }
  const [taken] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, input.newEmail))
    .limit(1);
  if (taken)
    throw authError(409, 'auth/email-already-in-use', AUTH_ERROR_MESSAGES['auth/email-already-in-use']);
  const eventId = session.currentEventId ?? (await defaultEventId(ctx.db, account.id));
  if (!eventId) throw notFound('Event ID not found');
  await withTransaction(ctx.db, async (tx, effects) => {
    const outboxId = await queueTokenEmail(tx, {
      accountId: account.id,
      eventId,
      mode: 'verifyAndChangeEmail',
      to: input.newEmail,
      firstName: account.firstName,
      newEmail: input.newEmail,
      actor: account.id,
    });
    effects.afterCommit(() => dispatchEmails(ctx, [outboxId]));
  });
}

/**
 * Applies an email change from its verification link. Everything happens in one transaction, so
 * on any failure the email stays the original; the old address is told of the change.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<{ email: string }> {
  const record = await checkToken(ctx.db, token, 'verifyAndChangeEmail');
  const newEmail = record.newEmail;
  if (!newEmail)
    throw authError(400, 'auth/invalid-action-code', AUTH_ERROR_MESSAGES['auth/invalid-action-code']);
  const emailInUse = () =>
    authError(409, 'auth/email-already-in-use', AUTH_ERROR_MESSAGES['auth/email-already-in-use']);
  const change = withTransaction(ctx.db, async (tx, effects) => {
    await consumeToken(tx, record, record.accountId);
    const [taken] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, newEmail))
      .limit(1);
    if (taken) throw emailInUse();
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, record.accountId)).limit(1);
    await tx
      .update(accounts)
      .set({ email: newEmail, updatedAt: new Date(), updatedBy: record.accountId })
      .where(eq(accounts.id, record.accountId));
    await endAllSessions(tx, record.accountId);
    effects.afterCommit(() => endLiveAccount(ctx, record.accountId));
    const eventId = record.eventId;
    if (!eventId) return;
    const [{ eventName }, { supportEmail }] = await Promise.all([
      readSettings(tx, eventId, 'event'),
      readSettings(tx, eventId, 'emails'),
    ]);
    const content = renderEmail(
      'emailChanged',
      {
        eventName,
        firstName: before.firstName,
        newEmail,
        supportEmail,
      },
      await emailLook(tx, { eventId }, 'emailChanged'),
    );
    const outboxId = await queueEmail(tx, {
      eventId,
      kind: 'emailChanged',
      to: before.email,
      content,
      actor: record.accountId,
    });
    effects.afterCommit(() => dispatchEmails(ctx, [outboxId]));
  });
  // A claim on the same address racing with this one meets the unique index: the same answer.
  await change.catch((err: unknown) => {
    throw isUniqueViolation(err) ? emailInUse() : err;
  });
  return { email: newEmail };
}
