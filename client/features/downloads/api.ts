import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileFilter } from '../../../shared/downloads/fileFilter';
import type {
  DOWNLOAD_SORTS,
  DownloadBody,
  downloadListResponseSchema,
  downloadSchema,
  myDownloadsResponseSchema,
} from '../../../shared/downloads/schema';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type DownloadSort = (typeof DOWNLOAD_SORTS)[number];

/** Every downloads answer of an event starts with this key, so a change drops them all together. */
const downloadsKey = (eventId: string) => [...sessionKeys.event(eventId), 'downloads'] as const;
const base = (eventId: string) => `/api/events/${eventId}`;

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
      api.get<Answer<typeof downloadListResponseSchema>>(
        `${base(eventId)}/downloads${toQueryString({
          ...params,
          search: params.search.trim(),
          fileFilter: params.fileFilter ?? undefined,
        })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useDownload = (eventId: string, downloadId: string) =>
  useQuery({
    queryKey: [...downloadsKey(eventId), 'detail', downloadId],
    queryFn: () => api.get<Answer<typeof downloadSchema>>(`${base(eventId)}/downloads/${downloadId}`),
    enabled: eventId !== '' && downloadId !== '',
  });

export const useMyDownloads = (eventId: string) =>
  useQuery({
    queryKey: [...downloadsKey(eventId), 'mine'],
    queryFn: () => api.get<Answer<typeof myDownloadsResponseSchema>>(`${base(eventId)}/my-downloads`),
    enabled: eventId !== '',
  });

export function useSaveDownload(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DownloadBody }) =>
      id
        ? api.put<Answer<typeof downloadSchema>>(`${base(eventId)}/downloads/${id}`, body)
        : api.post<Answer<typeof downloadSchema>>(`${base(eventId)}/downloads`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadsKey(eventId) }),
  });
}

export function useDeleteDownload(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${base(eventId)}/downloads/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadsKey(eventId) }),
  });
}
