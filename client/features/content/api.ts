import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CONTENT_SORTS,
  ContentSettingsBody,
  ContentStatusFilter,
  SectionsBody,
} from '../../../shared/content/api';
import { CONTENT_ROUTES as ROUTES } from '../../../shared/content/routes';
import { call } from '../../lib/api';
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

export function useContentList(eventId: string, params: ContentListParams) {
  return useQuery({
    queryKey: [...contentKey(eventId), 'list', params],
    queryFn: () =>
      call(ROUTES.list, {
        params: { eventId },
        query: {
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          archived: params.archived ? 'true' : undefined,
          status: params.status ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useContent = (eventId: string, contentId: string) =>
  useQuery({
    queryKey: [...contentKey(eventId), 'detail', contentId],
    queryFn: () => call(ROUTES.get, { params: { eventId, contentId } }),
    enabled: eventId !== '' && contentId !== '',
  });

export const useReadableContent = (eventId: string) =>
  useQuery({
    queryKey: [...contentKey(eventId), 'readable'],
    queryFn: () => call(ROUTES.readable, { params: { eventId } }),
    enabled: eventId !== '',
  });

export const useReaderPage = (eventId: string, contentId: string) =>
  useQuery({
    queryKey: [...contentKey(eventId), 'read', contentId],
    queryFn: () => call(ROUTES.read, { params: { eventId, contentId } }),
    enabled: eventId !== '' && contentId !== '',
    retry: false,
  });

/** A guest page: no event in the path, no session needed. */
export const useGuestPage = (contentId: string) =>
  useQuery({
    queryKey: ['guests', 'content', contentId],
    queryFn: () => call(ROUTES.guestPage, { params: { contentId } }),
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
      ? call(ROUTES.update, { params: { eventId, contentId }, body })
      : call(ROUTES.create, { params: { eventId }, body }),
  );

export const useSaveSections = (eventId: string, contentId: string) =>
  useContentMutation(eventId, (body: SectionsBody) =>
    call(ROUTES.saveSections, { params: { eventId, contentId }, body }),
  );

export const useArchiveContent = (eventId: string) =>
  useContentMutation(eventId, ({ contentId, archive }: { contentId: string; archive: boolean }) =>
    call(archive ? ROUTES.archive : ROUTES.unarchive, { params: { eventId, contentId } }),
  );

export const useDeleteContent = (eventId: string) =>
  useContentMutation(eventId, (contentId: string) => call(ROUTES.delete, { params: { eventId, contentId } }));
