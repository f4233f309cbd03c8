import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type CreateCustomFieldBody,
  customFieldListResponseSchema,
  customFieldSchema,
  type UpdateCustomFieldBody,
} from '../../../shared/people/customFields';
import { api } from '../../lib/api';
import { sessionKeys } from '../../lib/session';

const fieldsKey = (eventId: string) => [...sessionKeys.event(eventId), 'custom-fields'] as const;
// A field's change also changes every team's values, so team answers are dropped too.
const teamsKey = (eventId: string) => [...sessionKeys.event(eventId), 'teams'] as const;

export function useCustomFields(eventId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: fieldsKey(eventId),
    queryFn: () => api.get(`/api/events/${eventId}/custom-fields`, customFieldListResponseSchema),
  });
}

export function useCustomField(eventId: string, id: string) {
  return useQuery({
    queryKey: [...fieldsKey(eventId), id],
    queryFn: () => api.get(`/api/events/${eventId}/custom-fields/${id}`, customFieldSchema),
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
    api.post(base(eventId), body, customFieldSchema),
  );

export const useUpdateCustomField = (eventId: string, id: string) =>
  useFieldMutation(eventId, (body: UpdateCustomFieldBody) =>
    api.patch(`${base(eventId)}/${id}`, body, customFieldSchema),
  );

export const useDeleteCustomField = (eventId: string) =>
  useFieldMutation(eventId, (id: string) => api.delete(`${base(eventId)}/${id}`, {}, z.unknown()));

export const useReorderCustomFields = (eventId: string) =>
  useFieldMutation(eventId, (ids: string[]) =>
    api.put(`${base(eventId)}/order`, { ids }, customFieldListResponseSchema),
  );
