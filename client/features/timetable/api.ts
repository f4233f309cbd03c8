import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  feedCreatedSchema,
  feedStatusSchema,
  linkOptionsResponseSchema,
  myTimeTableResponseSchema,
  type SESSION_SORTS,
  sessionListResponseSchema,
  sessionSchema,
  TIMETABLE_PATHS,
  timetablePath,
  trackListResponseSchema,
  trackRowSchema,
} from '../../../shared/timetable/api';
import type { SessionBody, TrackBody } from '../../../shared/timetable/schema';
import { api, toQueryString } from '../../lib/api';
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
      api.get(
        `${path(TIMETABLE_PATHS.sessions, eventId)}${toQueryString({ ...params, search: params.search.trim() })}`,
        sessionListResponseSchema,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useSessionDetail = (eventId: string, sessionId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'session', sessionId],
    queryFn: () => api.get(path(TIMETABLE_PATHS.session, eventId, { sessionId }), sessionSchema),
    enabled: eventId !== '' && sessionId !== '',
  });

export const useTracks = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'tracks'],
    queryFn: () => api.get(path(TIMETABLE_PATHS.tracks, eventId), trackListResponseSchema),
    enabled: eventId !== '',
  });

export const useLinkOptions = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'link-options'],
    queryFn: () => api.get(path(TIMETABLE_PATHS.linkOptions, eventId), linkOptionsResponseSchema),
    enabled: eventId !== '',
  });

export const useMyTimeTable = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'mine'],
    queryFn: () => api.get(path(TIMETABLE_PATHS.myTimeTable, eventId), myTimeTableResponseSchema),
    enabled: eventId !== '',
  });

export const useFeedStatus = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'feed'],
    queryFn: () => api.get(path(TIMETABLE_PATHS.feed, eventId), feedStatusSchema),
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
      ? api.put(path(TIMETABLE_PATHS.session, eventId, { sessionId: id }), body, sessionSchema)
      : api.post(path(TIMETABLE_PATHS.sessions, eventId), body, sessionSchema),
  );

export const useDuplicateSession = (eventId: string) =>
  useTimetableMutation(eventId, (sessionId: string) =>
    api.post(path(TIMETABLE_PATHS.duplicateSession, eventId, { sessionId }), {}, sessionSchema),
  );

export const useDeleteSession = (eventId: string) =>
  useTimetableMutation(eventId, (sessionId: string) =>
    api.delete(path(TIMETABLE_PATHS.session, eventId, { sessionId })),
  );

export const useSaveTrack = (eventId: string) =>
  useTimetableMutation(eventId, ({ id, body }: { id: string | null; body: TrackBody }) =>
    id
      ? api.put(path(TIMETABLE_PATHS.track, eventId, { trackId: id }), body, trackRowSchema)
      : api.post(path(TIMETABLE_PATHS.tracks, eventId), body, trackRowSchema),
  );

export const useDeleteTrack = (eventId: string) =>
  useTimetableMutation(eventId, (trackId: string) =>
    api.delete(path(TIMETABLE_PATHS.track, eventId, { trackId })),
  );

export const useCreateFeed = (eventId: string) =>
  useTimetableMutation(eventId, () => api.post(path(TIMETABLE_PATHS.feed, eventId), {}, feedCreatedSchema));

export const useDeleteFeed = (eventId: string) =>
  useTimetableMutation(eventId, () => api.delete(path(TIMETABLE_PATHS.feed, eventId)));
