import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CONTENT_SORTS,
  ContentSettingsBody,
  ContentStatusFilter,
  contentDetailSchema,
  contentListResponseSchema,
  readerListSchema,
  readerPageSchema,
  SectionsBody,
} from '../../../shared/content/api';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type ContentSort = (typeof CONTENT_SORTS)[number];

export interface ContentListParams {
  page: number;
  sort: ContentSort;
  order: SortOrder;
  search: string;
  archived: boolean;
  /** Draft or published; null for both. */
  status?: ContentStatusFilter | null;
}

/** Every content answer of an event starts with this key, so any change drops them together. */
const contentKey = (eventId: string) => [...sessionKeys.event(eventId), 'content'] as const;
const base = (eventId: string) => `/api/events/${eventId}`;

export function useContentList(eventId: string, params: ContentListParams) {
  return useQuery({
    queryKey: [...contentKey(eventId), 'list', params],
    queryFn: () =>
      api.get<Answer<typeof contentListResponseSchema>>(
        `${base(eventId)}/content${toQueryString({
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          archived: params.archived ? 'true' : undefined,
          status: params.status ?? undefined,
        })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useContent = (eventId: string, contentId: string) =>
  useQuery({
    queryKey: [...contentKey(eventId), 'detail', contentId],
    queryFn: () => api.get<Answer<typeof contentDetailSchema>>(`${base(eventId)}/content/${contentId}`),
    enabled: eventId !== '' && contentId !== '',
  });

export const useReadableContent = (eventId: string) =>
  useQuery({
    queryKey: [...contentKey(eventId), 'readable'],
    queryFn: () => api.get<Answer<typeof readerListSchema>>(`${base(eventId)}/my-content`),
    enabled: eventId !== '',
  });

export const useReaderPage = (eventId: string, contentId: string) =>
  useQuery({
    queryKey: [...contentKey(eventId), 'read', contentId],
    queryFn: () => api.get<Answer<typeof readerPageSchema>>(`${base(eventId)}/my-content/${contentId}`),
    enabled: eventId !== '' && contentId !== '',
    retry: false,
  });

/** A guest page: no event in the path, no session needed. */
export const useGuestPage = (contentId: string) =>
  useQuery({
    queryKey: ['guests', 'content', contentId],
    queryFn: () => api.get<Answer<typeof readerPageSchema>>(`/api/guests/content/${contentId}`),
    enabled: Boolean(contentId),
    retry: false,
  });

function useContentMutation<V, R>(eventId: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    // Featured pages and the sidebar (the shell's navigation) may change with a page: drop them too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.event(eventId) }),
  });
}

export const useSaveContentSettings = (eventId: string, contentId: string | null) =>
  useContentMutation(eventId, (body: ContentSettingsBody) =>
    contentId
      ? api.put<Answer<typeof contentDetailSchema>>(`${base(eventId)}/content/${contentId}`, body)
      : api.post<Answer<typeof contentDetailSchema>>(`${base(eventId)}/content`, body),
  );

export const useSaveSections = (eventId: string, contentId: string) =>
  useContentMutation(eventId, (body: SectionsBody) =>
    api.put<Answer<typeof contentDetailSchema>>(`${base(eventId)}/content/${contentId}/sections`, body),
  );

export const useArchiveContent = (eventId: string) =>
  useContentMutation(eventId, ({ contentId, archive }: { contentId: string; archive: boolean }) =>
    api.post<Answer<typeof contentDetailSchema>>(
      `${base(eventId)}/content/${contentId}/${archive ? 'archive' : 'unarchive'}`,
      {},
    ),
  );

export const useDeleteContent = (eventId: string) =>
  useContentMutation(eventId, (contentId: string) => api.delete(`${base(eventId)}/content/${contentId}`, {}));
