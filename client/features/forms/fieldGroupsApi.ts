import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  bulkResultSchema,
  FIELD_GROUP_SORTS,
  FieldGroupDetail,
  FieldGroupSettings,
  FieldGroupUpdateBody,
  fieldGroupDetailSchema,
  fieldGroupListResponseSchema,
} from '../../../shared/forms/api';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import type { SortOrder } from '../../ui/useListParams';
import { formsKey } from './formsApi';

// Field groups (admin only). They live under the forms key: a group's change shows in the forms'
// shortcut counts and in the builder's palette, so one invalidation refreshes both.

export type FieldGroupSort = (typeof FIELD_GROUP_SORTS)[number];
const base = (eventId: string) => `/api/events/${eventId}/field-groups`;
const groupsKey = (eventId: string) => [...formsKey(eventId), 'field-groups'] as const;
// Engine records parsed by the server (see shared/forms/api.ts, engineRecord).
const asDetail = (detail: unknown) => detail as FieldGroupDetail;

export function useFieldGroups(
  eventId: string,
  params: { page: number; sort: FieldGroupSort; order: SortOrder; search: string; archived: boolean },
) {
  return useQuery({
    queryKey: [...groupsKey(eventId), 'list', params],
    queryFn: () =>
      api.get<Answer<typeof fieldGroupListResponseSchema>>(
        `${base(eventId)}${toQueryString({ ...params, search: params.search.trim() })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useFieldGroup = (eventId: string, fieldGroupId: string) =>
  useQuery({
    queryKey: [...groupsKey(eventId), 'detail', fieldGroupId],
    queryFn: async () =>
      asDetail(await api.get<Answer<typeof fieldGroupDetailSchema>>(`${base(eventId)}/${fieldGroupId}`)),
    enabled: eventId !== '' && fieldGroupId !== '',
  });

function useGroupMutation<V, R>(eventId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsKey(eventId) }),
  });
}

/** The group builder's save (only changed fields travel; see builder/saveBody.ts). */
export const useSaveFieldGroup = (eventId: string) =>
  useGroupMutation(
    eventId,
    async ({ fieldGroupId, body }: { fieldGroupId: string; body: FieldGroupUpdateBody }) =>
      asDetail(
        await api.put<Answer<typeof fieldGroupDetailSchema>>(`${base(eventId)}/${fieldGroupId}`, body),
      ),
  );

/** Adds a group (no id) or changes its settings. */
export const useSaveFieldGroupSettings = (eventId: string, fieldGroupId: string | null) =>
  useGroupMutation(eventId, async (settings: FieldGroupSettings) =>
    asDetail(
      fieldGroupId
        ? await api.patch<Answer<typeof fieldGroupDetailSchema>>(
            `${base(eventId)}/${fieldGroupId}/settings`,
            settings,
          )
        : await api.post<Answer<typeof fieldGroupDetailSchema>>(base(eventId), settings),
    ),
  );

export const useDuplicateFieldGroup = (eventId: string) =>
  useGroupMutation(eventId, async (fieldGroupId: string) =>
    asDetail(
      await api.post<Answer<typeof fieldGroupDetailSchema>>(`${base(eventId)}/${fieldGroupId}/duplicate`, {}),
    ),
  );

/** Archive, restore or delete several groups (delete: 409 when a form's template embeds one). */
export const useBulkFieldGroups = (eventId: string, action: 'archive' | 'unarchive' | 'delete') =>
  useGroupMutation(eventId, (ids: string[]) =>
    api.post<Answer<typeof bulkResultSchema>>(`${base(eventId)}/${action}`, { ids }),
  );
