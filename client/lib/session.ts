import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_ERROR_MESSAGES } from '../../shared/auth/errors';
import type { Permission } from '../../shared/auth/permissions';
import type { MeResponse, MyEvent, meResponseSchema, sessionResponseSchema } from '../../shared/auth/schema';
import type { ShellResponse, shellResponseSchema } from '../../shared/events/schema';
import { MEMBER_AREAS, type MemberArea } from '../../shared/people/memberAreas';
import { type Answer, ApiError, api, isApiError } from './api';
import type { DateContext } from './format';
import { useMutation } from './mutation';
import { currentEventOf, SESSION_PATH, shellPath } from './sessionPaths';

export { currentEventOf };

/**
 * Query keys: everything that belongs to an event starts with ['events', eventId], so switching
 * event or signing out can drop one event's data in one call.
 */
export const sessionKeys = {
  me: ['me'] as const,
  event: (eventId: string) => ['events', eventId] as const,
  shell: (eventId: string) => ['events', eventId, 'shell'] as const,
};

/** Who is signed in; signed out is the same 401 the rest of the API answers, without a failed request. */
export const meQuery = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: async () => {
    const { me } = await api.get<Answer<typeof sessionResponseSchema>>(SESSION_PATH);
    if (!me) throw new ApiError(401, 'auth/unauthenticated', AUTH_ERROR_MESSAGES['auth/unauthenticated']);
    return me;
  },
});

export function shellQuery(eventId: string) {
  return queryOptions({
    queryKey: sessionKeys.shell(eventId),
    queryFn: () => api.get<Answer<typeof shellResponseSchema>>(shellPath(eventId)),
  });
}

/**
 * Drops everything cached for a session (the account and every event's data). Event data a mounted
 * screen still observes is left alone: removing it would make that screen fetch it again (and fail,
 * signed out) before the sign-in screen replaces it. Signing in calls this again, when nothing is
 * mounted, so no previous session's data reaches the next one.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: sessionKeys.me });
  queryClient.removeQueries({ queryKey: ['events'], type: 'inactive' });
}

export function useMe() {
  return useQuery(meQuery);
}

export function useShell(eventId: string | null | undefined) {
  return useQuery({ ...shellQuery(eventId ?? ''), enabled: Boolean(eventId) });
}

/** What every signed-in screen may rely on; provided by the signed-in layout once loaded. */
export interface SignedInSession {
  me: MeResponse;
  event: MyEvent | null;
  shell: ShellResponse | null;
  level: Permission | null;
}

export const SessionContext = createContext<SignedInSession | null>(null);

/** For components that also render outside the signed-in area (they fall back to defaults). */
export function useOptionalSession(): SignedInSession | null {
  return useContext(SessionContext);
}

export function useSession(): SignedInSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside the signed-in layout');
  return session;
}

/**
 * The member areas the signed-in person opens in the current event (decision 0034). Every area
 * until the shell arrives: the server refuses a closed one anyway, and links should not flicker away.
 */
export function useOpenAreas(): readonly MemberArea[] {
  return useContext(SessionContext)?.shell?.membership.areas ?? MEMBER_AREAS;
}

const FALLBACK_DATES: DateContext = { timeZone: 'Europe/London', locale: 'en-GB' };

/** The event's time zone and locale: every date on screen follows them (spec, event settings). */
export function useEventDates(): DateContext {
  const { shell, event } = useSession();
  return shell?.event ?? event ?? FALLBACK_DATES;
}

export function useSwitchEvent() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (eventId: string) =>
      api.put<Answer<typeof meResponseSchema>>('/api/me/current-event', { eventId }),
    onSuccess: async (me) => {
      queryClient.setQueryData(sessionKeys.me, me);
      // Every screen's data belongs to the previous event: refetch all of it, then start at home.
      await queryClient.invalidateQueries();
      navigate('/');
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/auth/logout', {});
      } catch (error) {
        // A 401 means the session had already ended: that is the outcome we wanted.
        if (!isApiError(error, 401)) throw error;
      }
    },
    onSuccess: async () => {
      // Leave the signed-in screens first: forgetting the session while they are mounted would
      // make them refetch (and fail) what they show.
      await navigate('/auth/login', { replace: true });
      forgetSession(queryClient);
    },
  });
}
