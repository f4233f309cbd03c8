// The builder's edit lock, asked for by the route's loader with the form (issue 13): the lock's
// round trip then overlaps the builder's code instead of following it, and the builder's first
// render is the editable one (a lock answered after it rendered the 300-field canvas a second
// time, with its handles). Kept apart from formsApi.ts, which brings Zod: the router, in the entry
// chunk, imports this file.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { can, FIELD_GROUPS_LEVEL, FORMS_LEVEL } from '../../../../shared/auth/permissions';
import type { Lock } from '../../../../shared/forms/api';
import { api } from '../../../lib/api';
import { prefetchForEvent } from '../../../lib/guards';
import { currentEventOf, meQuery } from '../../../lib/session';
import { formDetailQuery } from '../formQueries';

/** What can be locked for editing: a form or a field group (the same calls under each). */
export type LockKind = 'forms' | 'field-groups';
export const lockPath = (eventId: string, kind: LockKind, id: string) =>
  `/api/events/${eventId}/${kind}/${id}/lock`;

type LockAnswer = { lock: Lock };

/**
 * A lock taken early that no builder has claimed this long after it was asked for (the person went
 * elsewhere before the builder mounted) is given back, so nobody else sees the form locked for five
 * minutes by a builder that never opened.
 */
export const UNCLAIMED_MS = 30_000;

type Early = { answer: Promise<LockAnswer>; timer: ReturnType<typeof setTimeout>; landed?: Lock };
const early = new Map<string, Early>();
/** The builders open now, by lock: their lock is theirs to refresh and release, never taken early. */
const open = new Map<string, number>();
const keyOf = (eventId: string, kind: LockKind, id: string) => `${eventId}/${kind}/${id}`;

/**
 * Asks for the lock now, for the builder that is about to mount (it claims the answer). Nothing
 * when a builder of the same lock is open already (a loader run again while it shows) or one was
 * asked for and not yet claimed.
 */
export function takeLockEarly(eventId: string, kind: LockKind, id: string): void {
  const key = keyOf(eventId, kind, id);
  if (open.has(key) || early.has(key)) return;
  const answer = api.post<LockAnswer>(lockPath(eventId, kind, id), {});
  const timer = setTimeout(() => {
    if (early.get(key)?.answer !== answer) return;
    early.delete(key);
    if (open.has(key)) return;
    answer
      .then(({ lock }) => (lock.isMine ? api.delete(lockPath(eventId, kind, id)) : undefined))
      .catch(() => undefined);
  }, UNCLAIMED_MS);
  const entry: Early = { answer, timer };
  early.set(key, entry);
  // Its failure is the builder's to handle when it claims it; unclaimed, nobody is waiting.
  answer.then(({ lock }) => (entry.landed = lock)).catch(() => undefined);
}

/**
 * The lock asked for early when its answer is already here (not claimed by this): the builder's
 * first render can then be the editable (or read-only) one at once, not a render later.
 */
export function landedEarlyLock(eventId: string, kind: LockKind, id: string): Lock | null {
  return early.get(keyOf(eventId, kind, id))?.landed ?? null;
}

/** The lock's answer asked for early, taken once by the builder that opens; null when none was. */
export function claimEarlyLock(eventId: string, kind: LockKind, id: string): Promise<LockAnswer> | null {
  const key = keyOf(eventId, kind, id);
  const entry = early.get(key);
  if (!entry) return null;
  early.delete(key);
  clearTimeout(entry.timer);
  return entry.answer;
}

/** Marks a builder of this lock open until the returned function is called. */
export function builderOpen(eventId: string, kind: LockKind, id: string): () => void {
  const key = keyOf(eventId, kind, id);
  open.set(key, (open.get(key) ?? 0) + 1);
  return () => {
    const left = (open.get(key) ?? 1) - 1;
    if (left > 0) open.set(key, left);
    else open.delete(key);
  };
}

/**
 * The builder route's loader: the form (decision 0053) and, for someone who may edit forms, its
 * edit lock, both started once the session names the event, without holding the navigation.
 */
export function builderLoader(queryClient: QueryClient) {
  const prefetchForm = prefetchForEvent(queryClient, (eventId, { formId }) =>
    formId ? formDetailQuery(eventId, formId) : null,
  );
  return async (args: LoaderFunctionArgs) => {
    const form = prefetchForm(args);
    const formId = args.params.formId;
    const me = await queryClient.ensureQueryData(meQuery).catch(() => null);
    const event = me ? currentEventOf(me) : null;
    // Below the forms' level the section's guard sends them away: asking would be a refused request.
    if (event && formId && can(event.permissions, FORMS_LEVEL)) takeLockEarly(event.id, 'forms', formId);
    return form;
  };
}

/**
 * The field-group builder route's loader: its edit lock, for an admin (field groups are admin
 * only), started once the session names the event, so the builder's first render can be the
 * editable one as on a form's (decision 0064). The group itself is asked for by the screen: its
 * query lives with Zod's schemas in fieldGroupsApi.ts, which the entry chunk must not load.
 */
export function fieldGroupBuilderLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const fieldGroupId = params.fieldGroupId;
    const me = await queryClient.ensureQueryData(meQuery).catch(() => null);
    const event = me ? currentEventOf(me) : null;
    if (event && fieldGroupId && can(event.permissions, FIELD_GROUPS_LEVEL))
      takeLockEarly(event.id, 'field-groups', fieldGroupId);
    return null;
  };
}
