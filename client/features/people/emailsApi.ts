import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  emailResponseListResponseSchema,
  ResendBody,
  resendResponseSchema,
} from '../../../shared/emails/responsesApi';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';

// A user's email delivery log and resending from it (organisers who manage users).

const base = (eventId: string, userId: string) => `/api/events/${eventId}/users/${userId}/emails`;
const key = (eventId: string, userId: string) => ['events', eventId, 'users', userId, 'emails'] as const;

/** One page (100, newest first) of the user's emails; `page` is 1-based as in the URL. */
export const useUserEmails = (eventId: string, userId: string, page: number) =>
  useQuery({
    queryKey: [...key(eventId, userId), page],
    queryFn: () =>
      api.get<Answer<typeof emailResponseListResponseSchema>>(`${base(eventId, userId)}?page=${page}`),
    placeholderData: keepPreviousData,
    enabled: eventId !== '' && userId !== '',
  });

export function useResendEmails(eventId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResendBody) =>
      api.post<Answer<typeof resendResponseSchema>>(`${base(eventId, userId)}/resend`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(eventId, userId) }),
  });
}
