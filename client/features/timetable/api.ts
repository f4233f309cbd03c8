import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  feedCreatedSchema,
  feedStatusSchema,
  linkOptionsResponseSchema,
  myTimeTableResponseSchema,
  SESSION_SORTS,
  sessionListResponseSchema,
  sessionSchema,
  trackListResponseSchema,
  trackRowSchema,
} from '../../../shared/timetable/api';
import { TIMETABLE_PATHS, timetablePath } from '../../../shared/timetable/paths';
import type { SessionBody, TrackBody } from '../../../shared/timetable/schema';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type SessionSort = (typeof SESSION_SORTS)[number];

/** Every time table answer of an event starts with this key, so a change drops them all together. */
const timetableKey = (eventId: string) => [...sessionKeys.event(eventId), 'time-table'] as const;
const path = (template: string, eventId: string, more: Record<string, string> = {}) =>
  timetablePath(template, { eventId, ...more });

export interface SessionListParams {
  page: number;
  sort: SessionSort;
  order: SortOrder;
  search: string;
  day?: string;
  trackId?: string;
  teamTypeId?: string;
}

export function useSessions(eventId: string, params: SessionListParams) {
  return useQuery({
    queryKey: [...timetableKey(eventId), 'sessions', params],
    queryFn: () =>
      api.get<Answer<typeof sessionListResponseSchema>>(
        `${path(TIMETABLE_PATHS.sessions, eventId)}${toQueryString({ ...params, search: params.search.trim() })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useSessionDetail = (eventId: string, sessionId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'session', sessionId],
    queryFn: () =>
      api.get<Answer<typeof sessionSchema>>(path(TIMETABLE_PATHS.session, eventId, { sessionId })),
    enabled: eventId !== '' && sessionId !== '',
  });

export const useTracks = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'tracks'],
    queryFn: () => api.get<Answer<typeof trackListResponseSchema>>(path(TIMETABLE_PATHS.tracks, eventId)),
    enabled: eventId !== '',
  });

export const useLinkOptions = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'link-options'],
    queryFn: () =>
      api.get<Answer<typeof linkOptionsResponseSchema>>(path(TIMETABLE_PATHS.linkOptions, eventId)),
    enabled: eventId !== '',
  });

export const useMyTimeTable = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'mine'],
    queryFn: () =>
      api.get<Answer<typeof myTimeTableResponseSchema>>(path(TIMETABLE_PATHS.myTimeTable, eventId)),
    enabled: eventId !== '',
  });

export const useFeedStatus = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'feed'],
    queryFn: () => api.get<Answer<typeof feedStatusSchema>>(path(TIMETABLE_PATHS.feed, eventId)),
    enabled: eventId !== '',
  });

/** The address of one session's .ics file ("Add to calendar"). */
export const sessionCalendarUrl = (eventId: string, sessionId: string) =>
  path(TIMETABLE_PATHS.sessionCalendar, eventId, { sessionId });

function useTimetableMutation<V, R>(eventId: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timetableKey(eventId) }),
  });
}

export const useSaveSession = (eventId: string) =>
  useTimetableMutation(eventId, ({ id, body }: { id: string | null; body: SessionBody }) =>
    id
      ? api.put<Answer<typeof sessionSchema>>(path(TIMETABLE_PATHS.session, eventId, { sessionId: id }), body)
      : api.post<Answer<typeof sessionSchema>>(path(TIMETABLE_PATHS.sessions, eventId), body),
  );

export const useDuplicateSession = (eventId: string) =>
  useTimetableMutation(eventId, (sessionId: string) =>
    api.post<Answer<typeof sessionSchema>>(
      path(TIMETABLE_PATHS.duplicateSession, eventId, { sessionId }),
      {},
    ),
  );

export const useDeleteSession = (eventId: string) =>
  useTimetableMutation(eventId, (sessionId: string) =>
    api.delete(path(TIMETABLE_PATHS.session, eventId, { sessionId })),
  );

export const useSaveTrack = (eventId: string) =>
  useTimetableMutation(eventId, ({ id, body }: { id: string | null; body: TrackBody }) =>
    id
      ? api.put<Answer<typeof trackRowSchema>>(path(TIMETABLE_PATHS.track, eventId, { trackId: id }), body)
      : api.post<Answer<typeof trackRowSchema>>(path(TIMETABLE_PATHS.tracks, eventId), body),
  );

export const useDeleteTrack = (eventId: string) =>
  useTimetableMutation(eventId, (trackId: string) =>
    api.delete(path(TIMETABLE_PATHS.track, eventId, { trackId })),
  );

export const useCreateFeed = (eventId: string) =>
  useTimetableMutation(eventId, () =>
    api.post<Answer<typeof feedCreatedSchema>>(path(TIMETABLE_PATHS.feed, eventId), {}),
  );

export const useDeleteFeed = (eventId: string) =>
  useTimetableMutation(eventId, () => api.delete(path(TIMETABLE_PATHS.feed, eventId)));
