import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  bulkResultSchema,
  FORM_SORTS,
  FormSettings,
  FormUpdateBody,
  fieldGroupListResponseSchema,
  formDetailSchema,
  formListResponseSchema,
  lockResponseSchema,
} from '../../../shared/forms/api';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import type { SortOrder } from '../../ui/useListParams';
import { type LockKind, lockPath } from './builder/earlyLock';
import { asDetail, formDetailQuery, formsKey, formsPath } from './formQueries';

export type FormSort = (typeof FORM_SORTS)[number];

export { formsKey };

const base = formsPath;

export function useForms(
  eventId: string,
  params: { page: number; sort: FormSort; order: SortOrder; search: string; archived: boolean },
) {
  return useQuery({
    queryKey: [...formsKey(eventId), 'list', params],
    queryFn: () =>
      api.get<Answer<typeof formListResponseSchema>>(
        `${base(eventId)}${toQueryString({ ...params, search: params.search.trim() })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

/** The form as the builder opens it (the router may have started it); the settings screen uses only its settings. */
export const useForm = (eventId: string, formId: string) =>
  useQuery({ ...formDetailQuery(eventId, formId), enabled: eventId !== '' && formId !== '' });

/** The builder's save: only new, changed, moved and removed fields travel (see builder/saveBody.ts). */
export function useSaveForm(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ formId, body }: { formId: string; body: FormUpdateBody }) =>
      asDetail(await api.put<Answer<typeof formDetailSchema>>(`${base(eventId)}/${formId}`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsKey(eventId) }),
  });
}

export type { LockKind } from './builder/earlyLock';

/** Edit lock calls: take (or learn who holds it), refresh while editing, release on leaving. */
export const lockApi = {
  take: (eventId: string, kind: LockKind, id: string) =>
    api.post<Answer<typeof lockResponseSchema>>(lockPath(eventId, kind, id), {}),
  refresh: (eventId: string, kind: LockKind, id: string) =>
    api.put<Answer<typeof lockResponseSchema>>(lockPath(eventId, kind, id), {}),
  release: (eventId: string, kind: LockKind, id: string) => api.delete(lockPath(eventId, kind, id)),
};

/** Published field groups a form may embed (the palette's reusable groups); admin only. */
export const useFieldGroupChoices = (eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...formsKey(eventId), 'field-group-choices'],
    queryFn: () =>
      api.get<Answer<typeof fieldGroupListResponseSchema>>(
        `/api/events/${eventId}/field-groups${toQueryString({ page: 1, sort: 'title', order: 'asc', search: '' })}`,
      ),
    enabled: eventId !== '' && enabled,
  });

/** A saved or copied form's answer: the screens read only its id. */
type Created = { form: { id: string } };

export function useSaveFormSettings(eventId: string, formId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: FormSettings) =>
      formId
        ? api.patch<Created>(`${base(eventId)}/${formId}/settings`, settings)
        : api.post<Created>(base(eventId), { form: settings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsKey(eventId) }),
  });
}

export function useDuplicateForm(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: string) => api.post<Created>(`${base(eventId)}/${formId}/duplicate`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...formsKey(eventId), 'list'] }),
  });
}

/** Archive, restore or delete several forms at once (the list's row actions send one id). */
export function useBulkForms(eventId: string, action: 'archive' | 'unarchive' | 'delete') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.post<Answer<typeof bulkResultSchema>>(`${base(eventId)}/${action}`, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...formsKey(eventId), 'list'] }),
  });
}
