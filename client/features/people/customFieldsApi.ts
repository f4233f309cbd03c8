import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCustomFieldBody,
  customFieldListResponseSchema,
  customFieldSchema,
  UpdateCustomFieldBody,
} from '../../../shared/people/customFields';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';

const fieldsKey = (eventId: string) => [...sessionKeys.event(eventId), 'custom-fields'] as const;
// A field's change also changes every team's values, so team answers are dropped too.
const teamsKey = (eventId: string) => [...sessionKeys.event(eventId), 'teams'] as const;

export function useCustomFields(eventId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: fieldsKey(eventId),
    queryFn: () =>
      api.get<Answer<typeof customFieldListResponseSchema>>(`/api/events/${eventId}/custom-fields`),
  });
}

export function useCustomField(eventId: string, id: string) {
  return useQuery({
    queryKey: [...fieldsKey(eventId), id],
    queryFn: () => api.get<Answer<typeof customFieldSchema>>(`/api/events/${eventId}/custom-fields/${id}`),
    enabled: Boolean(eventId && id),
  });
}

function useFieldMutation<V, R>(eventId: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fieldsKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: teamsKey(eventId) }),
      ]);
    },
  });
}

const base = (eventId: string) => `/api/events/${eventId}/custom-fields`;

export const useCreateCustomField = (eventId: string) =>
  useFieldMutation(eventId, (body: CreateCustomFieldBody) =>
    api.post<Answer<typeof customFieldSchema>>(base(eventId), body),
  );

export const useUpdateCustomField = (eventId: string, id: string) =>
  useFieldMutation(eventId, (body: UpdateCustomFieldBody) =>
    api.patch<Answer<typeof customFieldSchema>>(`${base(eventId)}/${id}`, body),
  );

export const useDeleteCustomField = (eventId: string) =>
  useFieldMutation(eventId, (id: string) => api.delete(`${base(eventId)}/${id}`, {}));

export const useReorderCustomFields = (eventId: string) =>
  useFieldMutation(eventId, (ids: string[]) =>
    api.put<Answer<typeof customFieldListResponseSchema>>(`${base(eventId)}/order`, { ids }),
  );
