import { useEffect, useState } from 'react';
import type { Lock } from '../../../../shared/forms/api';
import { type LockKind, lockApi } from '../formsApi';

/** Refresh well inside the five-minute lock, so a slow tab never lets it lapse. */
export const LOCK_REFRESH_MS = 60_000;

export type LockState =
  | { status: 'taking' }
  | { status: 'held'; lock: Lock }
  | { status: 'other'; lock: Lock };

/**
 * Takes the form's (or field group's) edit lock on open, refreshes it every minute while the builder is open, and
 * releases it on leaving. When someone else holds it the builder is read-only and says who.
 */
export function useEditLock(eventId: string, formId: string, kind: LockKind = 'forms'): LockState {
  const [state, setState] = useState<LockState>({ status: 'taking' });
  useEffect(() => {
    if (!eventId || !formId) return;
    let alive = true;
    let mine = false;
    const apply = (lock: Lock) => {
      mine = lock.isMine;
      if (alive) setState({ status: lock.isMine ? 'held' : 'other', lock });
    };
    lockApi
      .take(eventId, kind, formId)
      .then(({ lock }) => apply(lock))
      .catch(() => alive && setState({ status: 'taking' }));
    const timer = window.setInterval(() => {
      // Someone else's lock may expire: asking again takes it over then.
      const call = mine ? lockApi.refresh(eventId, kind, formId) : lockApi.take(eventId, kind, formId);
      call
        .then(({ lock }) => apply(lock))
        .catch(() => lockApi.take(eventId, kind, formId).then(({ lock }) => apply(lock)))
        .catch(() => undefined);
    }, LOCK_REFRESH_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
      if (mine) lockApi.release(eventId, kind, formId).catch(() => undefined);
    };
  }, [eventId, formId, kind]);
  return state;
}
