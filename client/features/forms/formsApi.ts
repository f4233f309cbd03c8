import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  bulkResultSchema,
  type FORM_SORTS,
  type FormDetail,
  type FormSettings,
  type FormUpdateBody,
  fieldGroupListResponseSchema,
  formDetailSchema,
  formListResponseSchema,
  lockResponseSchema,
} from '../../../shared/forms/api';
import { api, toQueryString } from '../../lib/api';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type FormSort = (typeof FORM_SORTS)[number];

/** Every forms answer of an event starts with this key, so a change drops them all together. */
export const formsKey = (eventId: string) => [...sessionKeys.event(eventId), 'forms'] as const;
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

// The server answers engine records already parsed by the engine's schemas (see shared/forms/api.ts,
// engineRecord): the response check keeps their ids, the engine's output types describe the rest.
const asDetail = (detail: unknown) => detail as FormDetail;

/** The form as the builder opens it; the settings screen uses only its settings. */
export const useForm = (eventId: string, formId: string) =>
  useQuery({
    queryKey: [...formsKey(eventId), 'detail', formId],
    queryFn: async () => asDetail(await api.get(`${base(eventId)}/${formId}`, formDetailSchema)),
    enabled: eventId !== '' && formId !== '',
  });

/** The builder's save: only new, changed, moved and removed fields travel (see builder/saveBody.ts). */
export function useSaveForm(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ formId, body }: { formId: string; body: FormUpdateBody }) =>
      asDetail(await api.put(`${base(eventId)}/${formId}`, body, formDetailSchema)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsKey(eventId) }),
  });
}

/** What can be locked for editing: a form or a field group (the same calls under each). */
export type LockKind = 'forms' | 'field-groups';
const lockPath = (eventId: string, kind: LockKind, id: string) => `/api/events/${eventId}/${kind}/${id}/lock`;

/** Edit lock calls: take (or learn who holds it), refresh while editing, release on leaving. */
export const lockApi = {
  take: (eventId: string, kind: LockKind, id: string) =>
    api.post(lockPath(eventId, kind, id), {}, lockResponseSchema),
  refresh: (eventId: string, kind: LockKind, id: string) =>
    api.put(lockPath(eventId, kind, id), {}, lockResponseSchema),
  release: (eventId: string, kind: LockKind, id: string) => api.delete(lockPath(eventId, kind, id)),
};

/** Published field groups a form may embed (the palette's reusable groups); admin only. */
export const useFieldGroupChoices = (eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...formsKey(eventId), 'field-group-choices'],
    queryFn: () =>
      api.get(
        `/api/events/${eventId}/field-groups${toQueryString({ page: 1, sort: 'title', order: 'asc', search: '' })}`,
        fieldGroupListResponseSchema,
      ),
    enabled: eventId !== '' && enabled,
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
