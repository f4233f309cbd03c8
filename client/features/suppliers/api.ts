import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  directoryResponseSchema,
  directorySupplierSchema,
  SUPPLIER_SORTS,
  supplierDetailSchema,
  supplierGroupDetailSchema,
  supplierGroupListResponseSchema,
  supplierListResponseSchema,
} from '../../../shared/suppliers/api';
import type { SupplierBody } from '../../../shared/suppliers/schema';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type SupplierSort = (typeof SUPPLIER_SORTS)[number];

export interface SupplierListParams {
  page: number;
  sort: SupplierSort;
  order: SortOrder;
  search: string;
  groupId: string | null;
  archived: boolean;
}

/** Every supplier answer of an event starts with this key, so any change drops them all together. */
const suppliersKey = (eventId: string) => [...sessionKeys.event(eventId), 'suppliers'] as const;
const base = (eventId: string) => `/api/events/${eventId}`;

export function useSuppliers(eventId: string, params: SupplierListParams) {
  return useQuery({
    queryKey: [...suppliersKey(eventId), 'list', params],
    queryFn: () =>
      api.get<Answer<typeof supplierListResponseSchema>>(
        `${base(eventId)}/suppliers${toQueryString({
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          groupId: params.groupId,
          archived: params.archived ? 'true' : undefined,
        })}`,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useSupplier = (eventId: string, supplierId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'detail', supplierId],
    queryFn: () => api.get<Answer<typeof supplierDetailSchema>>(`${base(eventId)}/suppliers/${supplierId}`),
    enabled: eventId !== '' && supplierId !== '',
  });

export const useSupplierGroups = (eventId: string, archived = false) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'groups', archived],
    queryFn: () =>
      api.get<Answer<typeof supplierGroupListResponseSchema>>(
        `${base(eventId)}/supplier-groups${archived ? '?archived=true' : ''}`,
      ),
    enabled: eventId !== '',
  });

export const useSupplierGroup = (eventId: string, groupId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'group', groupId],
    queryFn: () =>
      api.get<Answer<typeof supplierGroupDetailSchema>>(`${base(eventId)}/supplier-groups/${groupId}`),
    enabled: eventId !== '' && groupId !== '',
  });

export const useDirectory = (eventId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'directory'],
    queryFn: () => api.get<Answer<typeof directoryResponseSchema>>(`${base(eventId)}/supplier-directory`),
    enabled: eventId !== '',
  });

export const useDirectorySupplier = (eventId: string, supplierId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'directory', supplierId],
    queryFn: () =>
      api.get<Answer<typeof directorySupplierSchema>>(`${base(eventId)}/supplier-directory/${supplierId}`),
    enabled: eventId !== '' && supplierId !== '',
  });

function useSupplierMutation<V, R>(eventId: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersKey(eventId) }),
  });
}

export const useSaveSupplier = (eventId: string, supplierId: string | null) =>
  useSupplierMutation(eventId, (body: SupplierBody) =>
    supplierId
      ? api.put<Answer<typeof supplierDetailSchema>>(`${base(eventId)}/suppliers/${supplierId}`, body)
      : api.post<Answer<typeof supplierDetailSchema>>(`${base(eventId)}/suppliers`, body),
  );

export const useArchiveSupplier = (eventId: string) =>
  useSupplierMutation(eventId, ({ supplierId, archive }: { supplierId: string; archive: boolean }) =>
    api.post<Answer<typeof supplierDetailSchema>>(
      `${base(eventId)}/suppliers/${supplierId}/${archive ? 'archive' : 'unarchive'}`,
      {},
    ),
  );

export const useDeleteSupplier = (eventId: string) =>
  useSupplierMutation(eventId, (supplierId: string) =>
    api.delete(`${base(eventId)}/suppliers/${supplierId}`, {}),
  );

export const useSaveSupplierGroup = (eventId: string, groupId: string | null) =>
  useSupplierMutation(eventId, (body: { title: string }) =>
    groupId
      ? api.put<Answer<typeof supplierGroupDetailSchema>>(`${base(eventId)}/supplier-groups/${groupId}`, body)
      : api.post<Answer<typeof supplierGroupDetailSchema>>(`${base(eventId)}/supplier-groups`, body),
  );

export const useArchiveSupplierGroup = (eventId: string) =>
  useSupplierMutation(eventId, ({ groupId, archive }: { groupId: string; archive: boolean }) =>
    api.post<Answer<typeof supplierGroupDetailSchema>>(
      `${base(eventId)}/supplier-groups/${groupId}/${archive ? 'archive' : 'unarchive'}`,
      {},
    ),
  );

export const useDeleteSupplierGroup = (eventId: string) =>
  useSupplierMutation(eventId, (groupId: string) =>
    api.delete(`${base(eventId)}/supplier-groups/${groupId}`, {}),
  );
