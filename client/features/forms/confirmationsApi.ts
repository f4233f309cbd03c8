import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmationBody,
  ConfirmationListResponse,
  confirmationListResponseSchema,
  confirmationResponseSchema,
} from '../../../shared/forms/api';
import type { Confirmation } from '../../../shared/forms/schema/confirmation';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { formsKey } from './formsApi';

// A form's confirmations (moderator and above). Answers are engine records the server parsed with
// the engine's schema; the response check keeps their ids and the engine's types describe the rest.

const base = (eventId: string, formId: string) => `/api/events/${eventId}/forms/${formId}/confirmations`;
const confirmationsKey = (eventId: string, formId: string) =>
  [...formsKey(eventId), 'confirmations', formId] as const;

/** Default first (the server's order). */
export const useConfirmations = (eventId: string, formId: string) =>
  useQuery({
    queryKey: [...confirmationsKey(eventId, formId), 'list'],
    queryFn: async () =>
      (await api.get<Answer<typeof confirmationListResponseSchema>>(
        base(eventId, formId),
      )) as ConfirmationListResponse,
    enabled: eventId !== '' && formId !== '',
  });

export const useConfirmation = (eventId: string, formId: string, confirmationId: string) =>
  useQuery({
    queryKey: [...confirmationsKey(eventId, formId), confirmationId],
    queryFn: async () =>
      (await api.get<Answer<typeof confirmationResponseSchema>>(
        `${base(eventId, formId)}/${confirmationId}`,
      )) as Confirmation,
    enabled: eventId !== '' && formId !== '' && confirmationId !== '',
  });

/** Adds a confirmation (no id) or replaces one; marking one default takes the mark from the other. */
export function useSaveConfirmation(eventId: string, formId: string, confirmationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConfirmationBody) =>
      (confirmationId
        ? await api.put<Answer<typeof confirmationResponseSchema>>(
            `${base(eventId, formId)}/${confirmationId}`,
            body,
          )
        : await api.post<Answer<typeof confirmationResponseSchema>>(
            base(eventId, formId),
            body,
          )) as Confirmation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: confirmationsKey(eventId, formId) }),
  });
}

export function useDeleteConfirmation(eventId: string, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmationId: string) => api.delete(`${base(eventId, formId)}/${confirmationId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: confirmationsKey(eventId, formId) }),
  });
}
