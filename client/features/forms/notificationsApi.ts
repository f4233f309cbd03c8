import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationBody,
  NotificationListResponse,
  notificationListResponseSchema,
  notificationResponseSchema,
} from '../../../shared/forms/notificationsApi';
import type { FormNotification } from '../../../shared/forms/schema/notification';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { formsKey } from './formsApi';

// A form's notifications (moderator and above). As confirmations: answers are engine records the
// server parsed with the engine's schema; the response check keeps their ids.

const base = (eventId: string, formId: string) => `/api/events/${eventId}/forms/${formId}/notifications`;
const notificationsKey = (eventId: string, formId: string) =>
  [...formsKey(eventId), 'notifications', formId] as const;

export const useNotifications = (eventId: string, formId: string) =>
  useQuery({
    queryKey: [...notificationsKey(eventId, formId), 'list'],
    queryFn: async () =>
      (await api.get<Answer<typeof notificationListResponseSchema>>(
        base(eventId, formId),
      )) as NotificationListResponse,
    enabled: eventId !== '' && formId !== '',
  });

export const useNotification = (eventId: string, formId: string, notificationId: string) =>
  useQuery({
    queryKey: [...notificationsKey(eventId, formId), notificationId],
    queryFn: async () =>
      (await api.get<Answer<typeof notificationResponseSchema>>(
        `${base(eventId, formId)}/${notificationId}`,
      )) as FormNotification,
    enabled: eventId !== '' && formId !== '' && notificationId !== '',
  });

/** Adds a notification (no id) or replaces one. */
export function useSaveNotification(eventId: string, formId: string, notificationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationBody) =>
      (notificationId
        ? await api.put<Answer<typeof notificationResponseSchema>>(
            `${base(eventId, formId)}/${notificationId}`,
            body,
          )
        : await api.post<Answer<typeof notificationResponseSchema>>(
            base(eventId, formId),
            body,
          )) as FormNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey(eventId, formId) }),
  });
}

export function useDeleteNotification(eventId: string, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => api.delete(`${base(eventId, formId)}/${notificationId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey(eventId, formId) }),
  });
}
