import { and, eq, inArray } from 'drizzle-orm';
import { FORM_ERRORS, LOCK_DURATION_MS, type Lock } from '../../../../shared/forms/api';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { withTransaction } from '../../../platform/db/transaction';
import type { EventScope } from '../../../platform/http/actor';
import { conflict } from '../../../platform/http/errors';
import { accounts } from '../../auth/tables';
import { editLocks } from '../tables';
import { signalLockAfterCommit } from './live';

/**
 * Edit locks: opening a form or field group in the builder takes its lock for five minutes; the
 * builder refreshes it while open and releases it on leaving. A lock whose time has run out may
 * be taken by anyone. Saves check the lock, so two organisers never overwrite each other silently.
 * Taking, refreshing and releasing signal the event stream once committed, so another organiser's
 * open builder learns at once that the lock is held or free (decision 0054).
 */

export type LockTarget = { eventId: string; type: 'form' | 'fieldGroup'; id: string };

const whereTarget = (target: LockTarget) =>
  and(
    eq(editLocks.eventId, target.eventId),
    eq(editLocks.resourceType, target.type),
    eq(editLocks.resourceId, target.id),
  );

async function findLock(db: DbOrTx, target: LockTarget) {
  const [row] = await db
    .select({
      holderId: editLocks.holderId,
      expiresAt: editLocks.expiresAt,
      firstName: accounts.firstName,
      surname: accounts.surname,
    })
    .from(editLocks)
    .leftJoin(accounts, eq(accounts.id, editLocks.holderId))
    .where(whereTarget(target));
  return row ?? null;
}

type FoundLock = NonNullable<Awaited<ReturnType<typeof findLock>>>;

const holderName = (row: FoundLock) =>
  [row.firstName, row.surname].filter(Boolean).join(' ').trim() || 'Another organiser';

function present(row: FoundLock, accountId: string): Lock {
  return {
    holderId: row.holderId,
    holderName: holderName(row),
    expiresAt: row.expiresAt.toISOString(),
    isMine: row.holderId === accountId,
  };
}

const isLive = (row: FoundLock, now: Date) => row.expiresAt.getTime() > now.getTime();

/** The lock as a reader of the builder sees it; null when nobody holds a live one. */
export async function currentLock(db: DbOrTx, target: LockTarget, accountId: string): Promise<Lock | null> {
  const row = await findLock(db, target);
  return row && isLive(row, new Date()) ? present(row, accountId) : null;
}

async function holdFor(db: DbOrTx, target: LockTarget, accountId: string, now: Date) {
  const expiresAt = new Date(now.getTime() + LOCK_DURATION_MS);
  await db
    .insert(editLocks)
    .values({
      eventId: target.eventId,
      resourceType: target.type,
      resourceId: target.id,
      holderId: accountId,
      expiresAt,
      createdBy: accountId,
      updatedBy: accountId,
    })
    .onConflictDoUpdate({
      target: [editLocks.eventId, editLocks.resourceType, editLocks.resourceId],
      set: { holderId: accountId, expiresAt, updatedAt: now, updatedBy: accountId },
    });
}

/**
 * Takes the lock when it is free, expired or already the caller's (refreshing it); otherwise
 * answers the other editor's lock, so the builder opens read-only and says who is editing.
 */
export async function takeLock(ctx: AppContext, target: LockTarget, accountId: string): Promise<Lock> {
  return withTransaction(ctx.db, async (db, effects) => {
    const now = new Date();
    const row = await findLock(db, target);
    // Asking who holds it changes nothing, and signals nothing.
    if (row && row.holderId !== accountId && isLive(row, now)) return present(row, accountId);
    await holdFor(db, target, accountId, now);
    signalLockAfterCommit(ctx, effects, target.eventId, target.type);
    const taken = await findLock(db, target);
    if (!taken) throw conflict(FORM_ERRORS.noLock);
    return present(taken, accountId);
  });
}

function heldByOther(row: FoundLock) {
  return conflict(`${holderName(row)} is editing this now. ${FORM_ERRORS.notLockHolder}`);
}

/**
 * The caller must hold the lock (refresh and save). A lock of theirs that ran out still counts
 * while nobody has taken it over; it is extended. Otherwise 409 with who holds it.
 */
export async function requireLock(db: DbOrTx, target: LockTarget, accountId: string): Promise<Lock> {
  const now = new Date();
  const row = await findLock(db, target);
  if (!row) throw conflict(FORM_ERRORS.noLock);
  if (row.holderId !== accountId) {
    if (isLive(row, now)) throw heldByOther(row);
    throw conflict(FORM_ERRORS.noLock);
  }
  await holdFor(db, target, accountId, now);
  return present({ ...row, expiresAt: new Date(now.getTime() + LOCK_DURATION_MS) }, accountId);
}

/** Changes made outside the builder (settings) are refused while someone else is editing. */
export async function refuseIfLockedByOther(db: DbOrTx, target: LockTarget, accountId: string) {
  const row = await findLock(db, target);
  if (row && row.holderId !== accountId && isLive(row, new Date())) throw heldByOther(row);
}

/** Leaving the builder: only the caller's own lock is released (and only then signalled). */
export async function releaseLock(ctx: AppContext, target: LockTarget, accountId: string) {
  return withTransaction(ctx.db, async (db, effects) => {
    const released = await db
      .delete(editLocks)
      .where(and(whereTarget(target), eq(editLocks.holderId, accountId)))
      .returning({ holderId: editLocks.holderId });
    if (released.length > 0) signalLockAfterCommit(ctx, effects, target.eventId, target.type);
  });
}

/** Deleting a form or group deletes its lock too. */
export async function dropLocks(db: DbOrTx, scope: EventScope, type: LockTarget['type'], ids: string[]) {
  const { eventId } = scope;
  if (ids.length === 0) return;
  await db
    .delete(editLocks)
    .where(
      and(
        eq(editLocks.eventId, eventId),
        eq(editLocks.resourceType, type),
        inArray(editLocks.resourceId, ids),
      ),
    );
}

/**
 * The holder's heartbeat: the lock must still be theirs; its expiry moves on, and the others'
 * builders hear of it (they wait for the new expiry rather than the old one).
 */
export function renewLock(ctx: AppContext, target: LockTarget, accountId: string): Promise<Lock> {
  return withTransaction(ctx.db, async (tx, effects) => {
    const lock = await requireLock(tx, target, accountId);
    signalLockAfterCommit(ctx, effects, target.eventId, target.type);
    return lock;
  });
}
