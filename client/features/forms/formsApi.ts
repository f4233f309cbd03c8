import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  bulkResultSchema,
  type FORM_SORTS,
  type FormSettings,
  formDetailSchema,
  formListResponseSchema,
} from '../../../shared/forms/api';
import { api, toQueryString } from '../../lib/api';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type FormSort = (typeof FORM_SORTS)[number];

/** Every forms answer of an event starts with this key, so a change drops them all together. */
const formsKey = (eventId: string) => [...sessionKeys.event(eventId), 'forms'] as const;
const base = (eventId: string) => `/api/events/${eventId}/forms`;

export function useForms(
  eventId: string,
  params: { page: number; sort: FormSort; order: SortOrder; search: string; archived: boolean },
) {
  return useQuery({
    queryKey: [...formsKey(eventId), 'list', params],
    queryFn: () =>
      api.get(
        `${base(eventId)}${toQueryString({ ...params, search: params.search.trim() })}`,
        formListResponseSchema,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

/** The form as the builder opens it; only its settings are used by the settings screen. */
export const useForm = (eventId: string, formId: string) =>
  useQuery({
    queryKey: [...formsKey(eventId), 'detail', formId],
    queryFn: () => api.get(`${base(eventId)}/${formId}`, formDetailSchema),
    enabled: eventId !== '' && formId !== '',
  });

const createdSchema = z.object({ form: z.object({ id: z.string() }).passthrough() }).passthrough();

export function useSaveFormSettings(eventId: string, formId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FormSettings) =>
      formId
        ? api.patch(`${base(eventId)}/${formId}/settings`, settings, createdSchema)
        : api.post(base(eventId), { form: settings }, createdSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsKey(eventId) }),
  });
}

export function useDuplicateForm(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: string) => api.post(`${base(eventId)}/${formId}/duplicate`, {}, createdSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...formsKey(eventId), 'list'] }),
  });
}

/** Archive, restore or delete several forms at once (the list's row actions send one id). */
export function useBulkForms(eventId: string, action: 'archive' | 'unarchive' | 'delete') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post(`${base(eventId)}/${action}`, { ids }, bulkResultSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...formsKey(eventId), 'list'] }),
  });
}
