import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SESSION_SORTS } from '../../../shared/timetable/api';
import { TIMETABLE_ROUTES as ROUTES } from '../../../shared/timetable/routes';
import type { SessionBody, TrackBody } from '../../../shared/timetable/schema';
import { call, routeUrl } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type SessionSort = (typeof SESSION_SORTS)[number];

/** Every time table answer of an event starts with this key, so a change drops them all together. */
const timetableKey = (eventId: string) => [...sessionKeys.event(eventId), 'time-table'] as const;

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
      call(ROUTES.listSessions, {
        params: { eventId },
        query: { ...params, search: params.search.trim() },
      }),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useSessionDetail = (eventId: string, sessionId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'session', sessionId],
    queryFn: () => call(ROUTES.getSession, { params: { eventId, sessionId } }),
    enabled: eventId !== '' && sessionId !== '',
  });

export const useTracks = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'tracks'],
    queryFn: () => call(ROUTES.listTracks, { params: { eventId } }),
    enabled: eventId !== '',
  });

export const useLinkOptions = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'link-options'],
    queryFn: () => call(ROUTES.linkOptions, { params: { eventId } }),
    enabled: eventId !== '',
  });

export const useMyTimeTable = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'mine'],
    queryFn: () => call(ROUTES.myTimeTable, { params: { eventId } }),
    enabled: eventId !== '',
  });

export const useFeedStatus = (eventId: string) =>
  useQuery({
    queryKey: [...timetableKey(eventId), 'feed'],
    queryFn: () => call(ROUTES.feedStatus, { params: { eventId } }),
    enabled: eventId !== '',
  });

/** The address of one session's .ics file ("Add to calendar"). */
export const sessionCalendarUrl = (eventId: string, sessionId: string) =>
  routeUrl(ROUTES.sessionCalendar, { params: { eventId, sessionId } });

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
      ? call(ROUTES.updateSession, { params: { eventId, sessionId: id }, body })
      : call(ROUTES.createSession, { params: { eventId }, body }),
  );

export const useDuplicateSession = (eventId: string) =>
  useTimetableMutation(eventId, (sessionId: string) =>
    call(ROUTES.duplicateSession, { params: { eventId, sessionId } }),
  );

export const useDeleteSession = (eventId: string) =>
  useTimetableMutation(eventId, (sessionId: string) =>
    call(ROUTES.deleteSession, { params: { eventId, sessionId } }),
  );

export const useSaveTrack = (eventId: string) =>
  useTimetableMutation(eventId, ({ id, body }: { id: string | null; body: TrackBody }) =>
    id
      ? call(ROUTES.updateTrack, { params: { eventId, trackId: id }, body })
      : call(ROUTES.createTrack, { params: { eventId }, body }),
  );

export const useDeleteTrack = (eventId: string) =>
  useTimetableMutation(eventId, (trackId: string) =>
    call(ROUTES.deleteTrack, { params: { eventId, trackId } }),
  );

export const useCreateFeed = (eventId: string) =>
  useTimetableMutation(eventId, () => call(ROUTES.createFeed, { params: { eventId } }));

export const useDeleteFeed = (eventId: string) =>
  useTimetableMutation(eventId, () => call(ROUTES.deleteFeed, { params: { eventId } }));
