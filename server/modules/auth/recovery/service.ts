import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AUTH_ERROR_MESSAGES } from '../../../../shared/auth/errors';
import type { TokenMode } from '../../../../shared/auth/schema';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import { authError, notFound } from '../../../platform/http/errors';
import { defineJob } from '../../../platform/jobs';
import { endLiveAccount } from '../../../platform/live/publish';
import { clearHits, withinLimit } from '../../../platform/rateLimit';
import { dispatchEmails, queueEmail } from '../../emails/service';
import { renderEmail, type TemplateKind } from '../../emails/templates/email';
import { emailLook } from '../../emails/templates/queries';
import { readSettings } from '../../events/settingsStore';
import { events } from '../../events/tables';
import { defaultEventId, findMembership } from '../../membership/queries';
import { assertStrongPassword, hashPassword } from '../passwords/service';
import { loginEmailKey, tooMany } from '../service';
import { endAllSessions, type SessionAccount } from '../sessions/service';
import { accounts } from '../tables';
import { checkToken, consumeToken, issueToken, linkTokenPlaceholder } from '../tokens/service';

/** Emailed links: set password, reset password (forgotten or asked for when signed in). */

/** Where each emailed link lands (the bulk team import also builds set-password links). */
export const LINK_PATHS: Record<TokenMode, string> = {
  setPassword: '/auth/set-password',
  resetPassword: '/auth/reset-password',
  verifyAndChangeEmail: '/auth/update-email',
};
const EMAIL_KIND: Record<TokenMode, TemplateKind> = {
  setPassword: 'setPassword',
  resetPassword: 'resetPassword',
  verifyAndChangeEmail: 'verifyEmailChange',
};

/**
 * Issues a link token and queues its email, inside the caller's transaction. The link is built
 * from the event's configured app URL, never from the request. Returns the outbox id to dispatch.
 */
export async function queueTokenEmail(
  tx: DbOrTx,
  input: {
    accountId: string;
    eventId: string;
    mode: TokenMode;
    to: string;
    firstName: string;
    newEmail?: string;
    actor: string;
    /** A set-password link may come in another kind's words: a team member's or a stand share's welcome. */
    kind?: 'welcomeTeamMember' | 'standShareWelcome';
    teamName?: string;
    parentTeamName?: string;
  },
): Promise<string> {
  const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!event) throw notFound('Event ID not found');
  const { eventName } = await readSettings(tx, input.eventId, 'event');
  const { id } = await issueToken(tx, input);
  const link = `${event.appUrl}${LINK_PATHS[input.mode]}?token=${linkTokenPlaceholder(id)}`;
  const kind = input.kind ?? EMAIL_KIND[input.mode];
  const content = renderEmail(
    kind,
    {
      eventName,
      firstName: input.firstName,
      link,
      newEmail: input.newEmail,
      teamName: input.teamName,
      parentTeamName: input.parentTeamName,
    },
    await emailLook(tx, { eventId: input.eventId }, kind),
  );
  return queueEmail(tx, {
    eventId: input.eventId,
    kind,
    to: input.to,
    content,
    actor: input.actor,
  });
}

/** Always answers the same; sends a reset link only when the account exists. */
export async function forgotPassword(
  ctx: AppContext,
  input: { email: string; eventId?: string; ip: string },
): Promise<void> {
  const ipOk = await withinLimit(ctx.db, `reset:ip:${input.ip}`, 20, 60 * 60);
  const emailOk = await withinLimit(ctx.db, `reset:email:${input.email}`, 5, 60 * 60);
  if (!ipOk || !emailOk) throw tooMany();
  // The lookup and the email happen in a job, so the answer takes the same time whether or not
  // the account exists.
  await passwordResetJob.send(ctx, { v: 1, email: input.email, eventId: input.eventId });
}

const passwordResetJob = defineJob(
  'auth.password-reset',
  z.object({ v: z.literal(1), email: z.string(), eventId: z.uuid().optional() }),
);

export function registerAuthJobs(ctx: AppContext): void {
  passwordResetJob.work(ctx, async ({ email, eventId }) => {
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.email, email)).limit(1);
    if (account && !account.disabled) await sendPasswordReset(ctx, account, eventId);
  });
}

async function sendPasswordReset(
  ctx: AppContext,
  account: typeof accounts.$inferSelect,
  preferredEventId?: string,
) {
  const member = preferredEventId ? await findMembership(ctx.db, preferredEventId, account.id) : null;
  const eventId = member ? member.eventId : await defaultEventId(ctx.db, account.id);
  if (!eventId) return;
  await withTransaction(ctx.db, async (tx, effects) => {
    const outboxId = await queueTokenEmail(tx, {
      accountId: account.id,
      eventId,
      mode: 'resetPassword',
      to: account.email,
      firstName: account.firstName,
      actor: account.id,
    });
    effects.afterCommit(() => dispatchEmails(ctx, [outboxId]));
  });
}

export async function requestOwnPasswordReset(
  ctx: AppContext,
  session: SessionAccount,
  ip: string,
): Promise<void> {
  if (
    !(await withinLimit(ctx.db, `reset:email:${session.email}`, 5, 60 * 60)) ||
    !(await withinLimit(ctx.db, `reset:ip:${ip}`, 20, 60 * 60))
  ) {
    throw tooMany();
  }
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, session.accountId)).limit(1);
  if (account) await sendPasswordReset(ctx, account, session.currentEventId ?? undefined);
}

export async function verifyToken(ctx: AppContext, token: string, mode: TokenMode) {
  const record = await checkToken(ctx.db, token, mode);
  const [account] = await ctx.db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, record.accountId))
    .limit(1);
  if (!account)
    throw authError(400, 'auth/invalid-action-code', AUTH_ERROR_MESSAGES['auth/invalid-action-code']);
  return {
    mode,
    email: mode === 'verifyAndChangeEmail' ? (record.newEmail ?? account.email) : account.email,
  };
}

/**
 * Sets a new password through a set-password or reset-password link; every session ends. A reset
 * (a password that existed is replaced) is confirmed by the 'confirm password change' email.
 */
export async function setPasswordWithToken(
  ctx: AppContext,
  token: string,
  password: string,
  mode: 'setPassword' | 'resetPassword',
) {
  assertStrongPassword(password);
  const record = await checkToken(ctx.db, token, mode);
  const passwordHash = await hashPassword(password);
  return withTransaction(ctx.db, async (tx, effects) => {
    await consumeToken(tx, record, record.accountId);
    const [account] = await tx
      .update(accounts)
      .set({ passwordHash, updatedAt: new Date(), updatedBy: record.accountId })
      .where(eq(accounts.id, record.accountId))
      .returning({ email: accounts.email, firstName: accounts.firstName });
    await endAllSessions(tx, record.accountId);
    // The ended sessions' streams close now, in every process, not at their next re-check.
    effects.afterCommit(() => endLiveAccount(ctx, record.accountId));
    // Whoever used the link holds the mailbox: a sign-in lock on the address ends now.
    await clearHits(tx, loginEmailKey(account.email));
    if (mode === 'resetPassword' && record.eventId) {
      const outboxId = await queuePasswordChanged(tx, record.eventId, { ...account, id: record.accountId });
      effects.afterCommit(() => dispatchEmails(ctx, [outboxId]));
    }
    return { email: account.email };
  });
}

/** The 'confirm password change' email: the account's password was changed, in the event's words. */
async function queuePasswordChanged(
  tx: DbOrTx,
  eventId: string,
  account: { id: string; email: string; firstName: string },
): Promise<string> {
  const { eventName } = await readSettings(tx, eventId, 'event');
  const { supportEmail } = await readSettings(tx, eventId, 'emails');
  const content = renderEmail(
    'passwordChanged',
    { eventName, firstName: account.firstName, supportEmail },
    await emailLook(tx, { eventId }, 'passwordChanged'),
  );
  return queueEmail(tx, { eventId, kind: 'passwordChanged', to: account.email, content, actor: account.id });
}
