import { useEffect, useRef, useState } from 'react';
import type { Lock } from '../../../../shared/forms/api';
import { useLiveConnected } from '../../../lib/liveEvents';
import { type LockKind, lockApi } from '../formsApi';
import { onLockSignal } from '../locksLive';
import { builderOpen, claimEarlyLock, landedEarlyLock } from './earlyLock';

/** Refresh well inside the five-minute lock, so a slow tab never lets it lapse. */
export const LOCK_REFRESH_MS = 60_000;
/**
 * Someone else's lock that nobody refreshes runs out with no signal (their tab was closed hard):
 * ask again just after it should have. Never sooner than this, so a clock that runs ahead of the
 * server's cannot turn the wait into a loop.
 */
const EXPIRY_MIN_WAIT_MS = 5_000;
const EXPIRY_GRACE_MS = 1_000;

export type LockState =
  | { status: 'taking' }
  | { status: 'held'; lock: Lock }
  | { status: 'other'; lock: Lock };

/**
 * Takes the form's (or field group's) edit lock on open, refreshes it every minute while the
 * builder is open, and releases it on leaving. When someone else holds it the builder is
 * read-only and says who; it asks again when the event stream says a lock changed (taken,
 * refreshed, released) or when theirs should have run out, and takes it over once it is free.
 * Only while the stream is down does it ask every minute instead (decision 0054).
 */
export function useEditLock(eventId: string, formId: string, kind: LockKind = 'forms'): LockState {
  const [state, setState] = useState<LockState>(() => {
    const lock = landedEarlyLock(eventId, kind, formId);
    return lock ? { status: lock.isMine ? 'held' : 'other', lock } : { status: 'taking' };
  });
  const live = useLiveConnected();
  const liveRef = useRef(live);
  liveRef.current = live;
  useEffect(() => {
    if (!eventId || !formId) return;
    let alive = true;
    let mine = false;
    let expiryTimer: number | undefined;
    const ask = () =>
      lockApi
        .take(eventId, kind, formId)
        .then(({ lock }) => apply(lock))
        .catch(() => undefined);
    const apply = (lock: Lock) => {
      if (!alive) return;
      mine = lock.isMine;
      window.clearTimeout(expiryTimer);
      if (!lock.isMine) {
        const wait = Date.parse(lock.expiresAt) - Date.now() + EXPIRY_GRACE_MS;
        expiryTimer = window.setTimeout(ask, Math.max(EXPIRY_MIN_WAIT_MS, wait));
      }
      // The lock the first render already showed (landedEarlyLock) is no change: no render again.
      setState((shown) =>
        'lock' in shown && shown.lock === lock ? shown : { status: lock.isMine ? 'held' : 'other', lock },
      );
    };
    const closed = builderOpen(eventId, kind, formId);
    // The route's loader may have asked already, while this screen's code loaded (earlyLock.ts).
    (claimEarlyLock(eventId, kind, formId) ?? lockApi.take(eventId, kind, formId))
      .then(({ lock }) => apply(lock))
      .catch(() => alive && setState({ status: 'taking' }));
    const timer = window.setInterval(() => {
      if (mine) {
        // The heartbeat; a lock lost meanwhile (taken over after it ran out) shows whose it is now.
        lockApi
          .refresh(eventId, kind, formId)
          .then(({ lock }) => apply(lock))
          .catch(ask);
      } else if (!liveRef.current) ask();
    }, LOCK_REFRESH_MS);
    // The holder ignores the signals: its own refresh sends one, and answering it would loop.
    const unsubscribe = onLockSignal(eventId, () => {
      if (!mine) void ask();
    });
    return () => {
      alive = false;
      closed();
      unsubscribe();
      window.clearInterval(timer);
      window.clearTimeout(expiryTimer);
      if (mine) lockApi.release(eventId, kind, formId).catch(() => undefined);
    };
  }, [eventId, formId, kind]);
  return state;
}

/**
 * Runs `onTakenOver` when a lock someone else held becomes this builder's. They may have saved
 * while this builder waited read-only, and a save is a difference from the builder's baseline: so
 * the builder starts again from the form as stored now, or it would undo their changes. A
 * read-only builder holds no edits of its own, so nothing is lost.
 */
export function useOnTakeOver(lock: LockState, onTakenOver: () => void): void {
  const previous = useRef(lock.status);
  const latest = useRef(onTakenOver);
  latest.current = onTakenOver;
  useEffect(() => {
    if (previous.current === 'other' && lock.status === 'held') latest.current();
    previous.current = lock.status;
  }, [lock.status]);
}
