import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import type { EmailChangeBody, MeResponse, TokenMode } from '../../../shared/auth/schema';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/errors';
import { authError, notFound } from '../../platform/http/errors';
import { countHit, isOverLimit, withinLimit } from '../../platform/rateLimit';
import { dispatchEmails, queueEmail } from '../emails/service';
import { type EmailKind, renderEmail } from '../emails/templates';
import { readSettings } from '../events/settingsStore';
import { events } from '../events/tables';
import { loadMyEvents } from '../people/myEvents';
import { defaultEventId, findMembership, recordLogin } from '../people/service';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords';
import {
  createSession,
  endAllSessions,
  endSession,
  forgetAccountSessions,
  type SessionAccount,
  setSessionEvent,
} from './sessions';
import { accounts } from './tables';
import { checkToken, consumeToken, issueToken } from './tokens';

const tooMany = () => authError(429, 'auth/too-many-requests', AUTH_ERROR_MESSAGES['auth/too-many-requests']);
const badCredential = () =>
  authError(401, 'auth/invalid-credential', AUTH_ERROR_MESSAGES['auth/invalid-credential']);

/** The account and every event it belongs to, with its level in each. */
export async function getMe(
  db: DbOrTx,
  session: Pick<SessionAccount, 'accountId' | 'email' | 'firstName' | 'surname' | 'currentEventId'>,
): Promise<MeResponse> {
  const myEvents = await loadMyEvents(db, session.accountId);
  const current = myEvents.some((e) => e.id === session.currentEventId)
    ? session.currentEventId
    : (myEvents[0]?.id ?? null);
  return {
    account: {
      id: session.accountId,
      email: session.email,
      firstName: session.firstName,
      surname: session.surname,
    },
    currentEventId: current,
    events: myEvents,
  };
}

/** Failed sign-ins allowed per window; successful ones are never counted. */
const LOGIN_FAILURES_PER_EMAIL = 10;
const LOGIN_FAILURES_PER_ADDRESS = 50;
const LOGIN_WINDOW_S = 15 * 60;

/**
 * Signs in. Unknown email, wrong password and disabled account answer the same, after the same
 * work, so the answer tells nothing about which accounts exist.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; eventId?: string; ip: string },
) {
  const ipKey = `login:ip:${input.ip}`;
  const emailKey = `login:email:${input.email}`;
  const limited = await Promise.all([
    isOverLimit(ctx.db, ipKey, LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_S),
    isOverLimit(ctx.db, emailKey, LOGIN_FAILURES_PER_EMAIL, LOGIN_WINDOW_S),
  ]);
  if (limited.some(Boolean)) throw tooMany();
  const fail = async () => {
    await countHit(ctx.db, ipKey, LOGIN_WINDOW_S);
    await countHit(ctx.db, emailKey, LOGIN_WINDOW_S);
    return badCredential();
  };
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.email, input.email)).limit(1);
  const valid = await verifyPassword(input.password, account?.passwordHash ?? null);
  if (!account || !valid || account.disabled) throw await fail();
  const eventId = input.eventId ?? (await defaultEventId(ctx.db, account.id));
  if (input.eventId && !(await findMembership(ctx.db, input.eventId, account.id))) throw await fail();
  const token = await ctx.db.transaction(async (tx) => {
    if (eventId) await recordLogin(tx, eventId, account.id);
    return createSession(tx, account.id, eventId);
  });
  const me = await getMe(ctx.db, {
    accountId: account.id,
    email: account.email,
    firstName: account.firstName,
    surname: account.surname,
    currentEventId: eventId,
  });
  return { token, me };
}

export async function logout(ctx: AppContext, session: SessionAccount): Promise<void> {
  await endSession(ctx.db, session.tokenHash);
}

/** Switching event changes the whole portal to it, and counts as signing in to that event. */
export async function switchEvent(
  ctx: AppContext,
  session: SessionAccount,
  eventId: string,
): Promise<MeResponse> {
  if (!(await findMembership(ctx.db, eventId, session.accountId))) throw notFound('Event ID not found');
  await ctx.db.transaction(async (tx) => {
    await setSessionEvent(tx, session.tokenHash, eventId);
    await recordLogin(tx, eventId, session.accountId);
  });
  return getMe(ctx.db, { ...session, currentEventId: eventId });
}

const LINK_PATHS: Record<TokenMode, string> = {
  setPassword: '/auth/set-password',
  resetPassword: '/auth/reset-password',
  verifyAndChangeEmail: '/auth/update-email',
};
const EMAIL_KIND: Record<TokenMode, EmailKind> = {
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
  },
): Promise<string> {
  const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!event) throw notFound('Event ID not found');
  const { eventName } = await readSettings(tx, input.eventId, 'event');
  const { token } = await issueToken(tx, input);
  const link = `${event.appUrl}${LINK_PATHS[input.mode]}?token=${encodeURIComponent(token)}`;
  const content = renderEmail(EMAIL_KIND[input.mode], {
    eventName,
    firstName: input.firstName,
    link,
    newEmail: input.newEmail,
  });
  return queueEmail(tx, {
    eventId: input.eventId,
    kind: EMAIL_KIND[input.mode],
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
  await ctx.jobs.send(PASSWORD_RESET_JOB, { v: 1, email: input.email, eventId: input.eventId });
}

export const PASSWORD_RESET_JOB = 'auth.password-reset';
const passwordResetJobSchema = z.object({ v: z.literal(1), email: z.string(), eventId: z.uuid().optional() });

export function registerAuthJobs(ctx: AppContext): void {
  ctx.jobs.register(PASSWORD_RESET_JOB, async (data) => {
    const { email, eventId } = passwordResetJobSchema.parse(data);
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
  const outboxId = await ctx.db.transaction((tx) =>
    queueTokenEmail(tx, {
      accountId: account.id,
      eventId,
      mode: 'resetPassword',
      to: account.email,
      firstName: account.firstName,
      actor: account.id,
    }),
  );
  await dispatchEmails(ctx, [outboxId]);
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

/** Sets a new password through a set-password or reset-password link; every session ends. */
export async function setPasswordWithToken(
  ctx: AppContext,
  token: string,
  password: string,
  mode: 'setPassword' | 'resetPassword',
) {
  assertStrongPassword(password);
  const record = await checkToken(ctx.db, token, mode);
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    await consumeToken(tx, record, record.accountId);
    const [account] = await tx
      .update(accounts)
      .set({ passwordHash, updatedAt: new Date(), updatedBy: record.accountId })
      .where(eq(accounts.id, record.accountId))
      .returning({ email: accounts.email });
    await endAllSessions(tx, record.accountId);
    return { email: account.email };
  });
}

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
  const outboxId = await ctx.db.transaction((tx) =>
    queueTokenEmail(tx, {
      accountId: account.id,
      eventId,
      mode: 'verifyAndChangeEmail',
      to: input.newEmail,
      firstName: account.firstName,
      newEmail: input.newEmail,
      actor: account.id,
    }),
  );
  await dispatchEmails(ctx, [outboxId]);
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
  const change = ctx.db.transaction(async (tx) => {
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
    const eventId = record.eventId;
    if (!eventId) return null;
    const [{ eventName }, { supportEmail }] = await Promise.all([
      readSettings(tx, eventId, 'event'),
      readSettings(tx, eventId, 'emails'),
    ]);
    const content = renderEmail('emailChanged', {
      eventName,
      firstName: before.firstName,
      newEmail,
      supportEmail,
    });
    return queueEmail(tx, {
      eventId,
      kind: 'emailChanged',
      to: before.email,
      content,
      actor: record.accountId,
    });
  });
  // A claim on the same address racing with this one meets the unique index: the same answer.
  const outboxId = await change.catch((err: unknown) => {
    throw isUniqueViolation(err) ? emailInUse() : err;
  });
  if (outboxId) await dispatchEmails(ctx, [outboxId]);
  return { email: newEmail };
}

export async function updateProfile(
  ctx: AppContext,
  session: SessionAccount,
  input: { firstName: string; surname: string },
) {
  await ctx.db
    .update(accounts)
    .set({
      firstName: input.firstName,
      surname: input.surname,
      updatedAt: new Date(),
      updatedBy: session.accountId,
    })
    .where(eq(accounts.id, session.accountId));
  forgetAccountSessions(session.accountId);
  return getMe(ctx.db, { ...session, ...input });
}

/** Disabling an account ends its sessions; it can no longer sign in (same answer as a wrong password). */
export async function setAccountDisabled(
  ctx: AppContext,
  accountId: string,
  disabled: boolean,
  actor: string,
) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ disabled, updatedAt: new Date(), updatedBy: actor })
      .where(eq(accounts.id, accountId));
    if (disabled) await endAllSessions(tx, accountId);
  });
}
