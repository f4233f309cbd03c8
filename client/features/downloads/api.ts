import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileFilter } from '../../../shared/downloads/fileFilter';
import { DOWNLOAD_ROUTES as ROUTES } from '../../../shared/downloads/routes';
import type { DOWNLOAD_SORTS, DownloadBody } from '../../../shared/downloads/schema';
import { call } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type DownloadSort = (typeof DOWNLOAD_SORTS)[number];

/** Every downloads answer of an event starts with this key, so a change drops them all together. */
const downloadsKey = (eventId: string) => [...sessionKeys.event(eventId), 'downloads'] as const;

export function useDownloads(
  eventId: string,
  params: {
    page: number;
    sort: DownloadSort;
    order: SortOrder;
    search: string;
    /** Spec: the file filter (images, videos, documents, files, other); null for every file. */
    fileFilter?: FileFilter | null;
  },
) {
  return useQuery({
    queryKey: [...downloadsKey(eventId), 'list', params],
    queryFn: () =>
      call(ROUTES.list, {
        params: { eventId },
        query: { ...params, search: params.search.trim(), fileFilter: params.fileFilter ?? undefined },
      }),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useDownload = (eventId: string, downloadId: string) =>
  useQuery({
    queryKey: [...downloadsKey(eventId), 'detail', downloadId],
    queryFn: () => call(ROUTES.get, { params: { eventId, downloadId } }),
    enabled: eventId !== '' && downloadId !== '',
  });

export const useMyDownloads = (eventId: string) =>
  useQuery({
    queryKey: [...downloadsKey(eventId), 'mine'],
    queryFn: () => call(ROUTES.mine, { params: { eventId } }),
    enabled: eventId !== '',
  });

export function useSaveDownload(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DownloadBody }) =>
      id
        ? call(ROUTES.update, { params: { eventId, downloadId: id }, body })
        : call(ROUTES.create, { params: { eventId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadsKey(eventId) }),
  });
}

export function useDeleteDownload(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(ROUTES.delete, { params: { eventId, downloadId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadsKey(eventId) }),
  });
}
