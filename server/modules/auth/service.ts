import { eq } from 'drizzle-orm';
import { AUTH_ERROR_MESSAGES } from '../../../shared/auth/errors';
import type { MeResponse } from '../../../shared/auth/schema';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { withTransaction } from '../../platform/db/transaction';
import { authError, notFound } from '../../platform/http/errors';
import { endLiveAccount } from '../../platform/live/publish';
import { countHit, secondsOverLimit } from '../../platform/rateLimit';
import { loadMyEvents } from '../membership/myEvents/queries';
import { defaultEventId, findMembership } from '../membership/queries';
import { recordLogin } from '../membership/service';
import { verifyPassword } from './passwords/service';
import {
  createSession,
  endAllSessions,
  endSession,
  type SessionAccount,
  setSessionEvent,
} from './sessions/service';
import { accounts } from './tables';

export const tooMany = () =>
  authError(429, 'auth/too-many-requests', AUTH_ERROR_MESSAGES['auth/too-many-requests']);
const tooManyAttempts = (secondsLeft: number) => {
  const minutes = Math.ceil(secondsLeft / 60);
  return authError(
    429,
    'auth/too-many-requests',
    `Too many attempts: use "Forgot password" to get back in now, or wait ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
};
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
export const loginEmailKey = (email: string) => `login:email:${email}`;
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
  const emailKey = loginEmailKey(input.email);
  const [ipLocked, emailLocked] = await Promise.all([
    secondsOverLimit(ctx.db, ipKey, LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_S),
    secondsOverLimit(ctx.db, emailKey, LOGIN_FAILURES_PER_EMAIL, LOGIN_WINDOW_S),
  ]);
  if (ipLocked !== null) throw tooMany();
  // The account is locked for everyone, its owner too; a reset link (proof of the mailbox) ends it.
  if (emailLocked !== null) throw tooManyAttempts(emailLocked);
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
  const token = await withTransaction(ctx.db, async (tx) => {
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
  await withTransaction(ctx.db, async (tx) => {
    await setSessionEvent(tx, session.tokenHash, eventId);
    await recordLogin(tx, eventId, session.accountId);
  });
  return getMe(ctx.db, { ...session, currentEventId: eventId });
}

export async function updateProfile(
  ctx: AppContext,
  session: SessionAccount,
  input: { firstName: string; surname: string },
) {
  await withTransaction(ctx.db, (tx) =>
    tx
      .update(accounts)
      .set({
        firstName: input.firstName,
        surname: input.surname,
        updatedAt: new Date(),
        updatedBy: session.accountId,
      })
      .where(eq(accounts.id, session.accountId)),
  );
  return getMe(ctx.db, { ...session, ...input });
}

/** Disabling an account ends its sessions; it can no longer sign in (same answer as a wrong password). */
export async function setAccountDisabled(
  ctx: AppContext,
  accountId: string,
  disabled: boolean,
  actor: string,
) {
  await withTransaction(ctx.db, async (tx) => {
    await tx
      .update(accounts)
      .set({ disabled, updatedAt: new Date(), updatedBy: actor })
      .where(eq(accounts.id, accountId));
    if (disabled) await endAllSessions(tx, accountId);
  });
  if (disabled) await endLiveAccount(ctx, accountId);
}
