import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AssetType,
  assetCreateSchema,
  assetListResponseSchema,
  assetSchema,
  assetUpdateSchema,
} from '../../../shared/assets/schema';
import { TABLE_PAGE_SIZE } from '../../../shared/ui/constants';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';

/** Every assets answer of an event starts with this key, so a change drops them all together. */
const assetsKey = (eventId: string) => [...sessionKeys.event(eventId), 'assets'] as const;
/** What an edit sends: either field, or both (the server keeps the other). */
type AssetUpdateBody = z.input<typeof assetUpdateSchema>;
type AssetCreateBody = z.input<typeof assetCreateSchema>;
const base = (eventId: string) => `/api/events/${eventId}/assets`;

export interface AssetListParams {
  page: number;
  search: string;
  type: AssetType | null;
  pageSize?: number;
}

export function useAssets(eventId: string, params: AssetListParams) {
  const query = { ...params, search: params.search.trim(), pageSize: params.pageSize ?? TABLE_PAGE_SIZE };
  return useQuery({
    queryKey: [...assetsKey(eventId), 'list', query],
    queryFn: () => api.get<Answer<typeof assetListResponseSchema>>(`${base(eventId)}${toQueryString(query)}`),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

/** One asset's read, for useQuery or useQueries (the builder's preview reads several). */
export const assetQuery = (eventId: string, assetId: string) => ({
  queryKey: [...assetsKey(eventId), 'detail', assetId],
  queryFn: () => api.get<Answer<typeof assetSchema>>(`${base(eventId)}/${assetId}`),
  enabled: eventId !== '' && assetId !== '',
});

export const useAsset = (eventId: string, assetId: string) => useQuery(assetQuery(eventId, assetId));

export function useCreateAsset(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssetCreateBody) => api.post<Answer<typeof assetSchema>>(base(eventId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsKey(eventId) }),
  });
}

export function useUpdateAsset(eventId: string, assetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssetUpdateBody) =>
      api.put<Answer<typeof assetSchema>>(`${base(eventId)}/${assetId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assetsKey(eventId) }),
  });
}

export function useDeleteAsset(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetId: string) => api.delete(`${base(eventId)}/${assetId}`),
    // Only the lists: the deleted asset's own screen is still open until it navigates away, and
    // refetching its detail would only ask the server for what is gone (a 404 no one asked for).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...assetsKey(eventId), 'list'] }),
  });
}
