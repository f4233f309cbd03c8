import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NOTIFICATION_SORTS, NotificationBody } from '../../../shared/notifications/api';
import { NOTIFICATION_ROUTES as ROUTES } from '../../../shared/notifications/routes';
import type { NotificationStatus } from '../../../shared/notifications/status';
import { call } from '../../lib/api';
import { useLiveConnected } from '../../lib/liveEvents';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type NotificationSort = (typeof NOTIFICATION_SORTS)[number];

/** Every notifications answer of an event starts with this key, so a change drops them all together. */
export const notificationsKey = (eventId: string) =>
  [...sessionKeys.event(eventId), 'notifications'] as const;

/**
 * New notifications reach an open portal through the event stream (client/lib/liveEvents.ts),
 * which invalidates these queries. While the stream is down the bell falls back to asking every
 * half minute (and when the window regains focus): one indexed read of a handful of rows.
 */
export const NOTIFICATION_POLL_MS = 30_000;

export function useNotifications(
  eventId: string,
  params: {
    page: number;
    sort: NotificationSort;
    order: SortOrder;
    search: string;
    status: NotificationStatus | null;
    teamTypeId: string | null;
  },
) {
  return useQuery({
    queryKey: [...notificationsKey(eventId), 'list', params],
    queryFn: () =>
      call(ROUTES.list, { params: { eventId }, query: { ...params, search: params.search.trim() } }),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useNotification = (eventId: string, notificationId: string) =>
  useQuery({
    queryKey: [...notificationsKey(eventId), 'detail', notificationId],
    queryFn: () => call(ROUTES.get, { params: { eventId, notificationId } }),
    enabled: eventId !== '' && notificationId !== '',
  });

export function useMyNotifications(eventId: string) {
  const live = useLiveConnected();
  return useQuery({
    queryKey: [...notificationsKey(eventId), 'mine'],
    queryFn: () => call(ROUTES.mine, { params: { eventId } }),
    enabled: eventId !== '',
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
  });
}

export function useSaveNotification(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: NotificationBody }) =>
      id
        ? call(ROUTES.update, { params: { eventId, notificationId: id }, body })
        : call(ROUTES.create, { params: { eventId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey(eventId) }),
  });
}

export function useDeleteNotification(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(ROUTES.delete, { params: { eventId, notificationId: id } }),
    // The deleted one's own detail is left alone: its screen is still open and would ask again (404).
    onSuccess: (_answer, id) =>
      queryClient.invalidateQueries({
        queryKey: notificationsKey(eventId),
        predicate: (query) => !(query.queryKey.includes('detail') && query.queryKey.includes(id)),
      }),
  });
}

/** Marks one notification read (`id`), or every one the caller sees (`null`). */
export function useMarkRead(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id
        ? call(ROUTES.markRead, { params: { eventId, notificationId: id } })
        : call(ROUTES.markAllRead, { params: { eventId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...notificationsKey(eventId), 'mine'] }),
  });
}
