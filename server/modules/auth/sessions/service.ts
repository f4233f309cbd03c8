import { and, eq, lt, sql } from 'drizzle-orm';
import { readCache } from '../../../platform/cache';
import { hashToken, newToken } from '../../../platform/crypto';
import type { DbOrTx } from '../../../platform/db/client';
import { SESSION_ABSOLUTE_MS, type SessionAccount } from '../../../platform/http/session';
import { events } from '../../events/tables';
import { accounts, sessions } from '../tables';

export type { SessionAccount };

const IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** Writing last-seen on every request would cost a write per read; once in a while is enough. */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export async function createSession(db: DbOrTx, accountId: string, eventId: string | null): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    accountId,
    eventId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

type SessionRow = {
  accountId: string;
  currentEventId: string | null;
  lastSeenAt: Date;
  expiresAt: Date;
  email: string;
  firstName: string;
  surname: string;
  disabled: boolean;
};

/**
 * Sessions with their account, by token hash. A session's own row and its account's names, email
 * and disabled flag show here; an event's removal clears its sessions' current event (set null).
 * Any such write drops the cached sessions (decision 0042); the last-seen touch is updated in place.
 */
const sessionCache = readCache.model<SessionRow>('session', [
  { table: sessions, on: ['update', 'delete'], unlessOnly: [sessions.lastSeenAt] },
  {
    table: accounts,
    on: ['update', 'delete'],
    unlessOnly: [accounts.passwordHash, accounts.updatedAt, accounts.updatedBy],
  },
  { table: events, on: ['delete'] },
]);

async function loadSession(db: DbOrTx, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await db
    .select({
      accountId: sessions.accountId,
      currentEventId: sessions.eventId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      email: accounts.email,
      firstName: accounts.firstName,
      surname: accounts.surname,
      disabled: accounts.disabled,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** The live session of a cookie token with its account, or null (expired, ended or unknown). */
export async function findSession(db: DbOrTx, token: string): Promise<SessionAccount | null> {
  const tokenHash = hashToken(token);
  const row = await sessionCache.load(db, tokenHash, () => loadSession(db, tokenHash));
  if (!row) return null;
  const now = Date.now();
  if (row.disabled || row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + IDLE_MS <= now) {
    await endSession(db, tokenHash);
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    const lastSeenAt = new Date(now);
    await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.tokenHash, tokenHash));
    sessionCache.update(tokenHash, { ...row, lastSeenAt });
  }
  const { accountId, email, firstName, surname, currentEventId } = row;
  return { tokenHash, accountId, email, firstName, surname, currentEventId };
}

export async function setSessionEvent(db: DbOrTx, tokenHash: string, eventId: string): Promise<void> {
  await db.update(sessions).set({ eventId }).where(eq(sessions.tokenHash, tokenHash));
}

export async function endSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Password change, email change and account removal end every session of the account. */
export async function endAllSessions(db: DbOrTx, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

export async function purgeExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(and(lt(sessions.expiresAt, sql`now()`)));
}
