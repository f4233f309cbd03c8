import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { type LoaderFunctionArgs, type Params, redirect } from 'react-router';
import { can, type Permission } from '../../shared/auth/permissions';
import { isApiError } from './api';
import { currentEventOf, meQuery, shellQuery } from './session';

/** Only our own paths may be continued to after sign-in (no open redirect to another site). */
export function safeContinuePath(value: string | null | undefined): string | null {
  // One leading slash only: `//host` and `/\\host` are read by browsers as another origin.
  if (!value || !/^\/(?![/\\])/.test(value) || value.startsWith('/auth')) return null;
  return value;
}

export function loginPath(url: string): string {
  const { pathname, search } = new URL(url);
  const target = `${pathname}${search}`;
  return target === '/' ? '/auth/login' : `/auth/login?continuePath=${encodeURIComponent(target)}`;
}

/** Loads the account and its current event's shell, or sends a visitor without a session to sign in. */
export async function loadSession(queryClient: QueryClient, request: Request) {
  try {
    const me = await queryClient.ensureQueryData(meQuery);
    const event = currentEventOf(me);
    const shell = event ? await queryClient.ensureQueryData(shellQuery(event.id)) : null;
    return { me, event, shell, level: shell?.membership.permissions ?? event?.permissions ?? null };
  } catch (error) {
    if (isApiError(error, 401)) throw redirect(loginPath(request.url));
    throw error;
  }
}

export function requireSession(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await loadSession(queryClient, request);
    return null;
  };
}

/** A signed-in user below the level sees /unauthorised (the server refuses them anyway). */
export function requireLevel(queryClient: QueryClient, level: Permission) {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = await loadSession(queryClient, request);
    if (!can(session.level, level)) throw redirect('/unauthorised');
    return null;
  };
}

/**
 * Starts a screen's main answer as soon as the session names the event, in parallel with the
 * screen's code and the shell, without holding the navigation for it (decision 0053): the screen's
 * own query then finds it in flight or done. A failure is the screen's to show, when it asks again.
 */
export function prefetchForEvent<T, K extends QueryKey>(
  queryClient: QueryClient,
  query: (eventId: string, params: Params) => FetchQueryOptions<T, Error, T, K> | null,
) {
  return async ({ params }: LoaderFunctionArgs) => {
    const me = await queryClient.ensureQueryData(meQuery).catch(() => null);
    const event = me ? currentEventOf(me) : null;
    const options = event ? query(event.id, params) : null;
    if (options) void queryClient.prefetchQuery(options);
    return null;
  };
}
