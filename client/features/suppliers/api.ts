import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  directoryResponseSchema,
  directorySupplierSchema,
  type SUPPLIER_SORTS,
  supplierDetailSchema,
  supplierGroupDetailSchema,
  supplierGroupListResponseSchema,
  supplierListResponseSchema,
} from '../../../shared/suppliers/api';
import type { SupplierBody } from '../../../shared/suppliers/schema';
import { api, toQueryString } from '../../lib/api';
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
const nothing = z.unknown();

export function useSuppliers(eventId: string, params: SupplierListParams) {
  return useQuery({
    queryKey: [...suppliersKey(eventId), 'list', params],
    queryFn: () =>
      api.get(
        `${base(eventId)}/suppliers${toQueryString({
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          groupId: params.groupId,
          archived: params.archived ? 'true' : undefined,
        })}`,
        supplierListResponseSchema,
      ),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useSupplier = (eventId: string, supplierId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'detail', supplierId],
    queryFn: () => api.get(`${base(eventId)}/suppliers/${supplierId}`, supplierDetailSchema),
    enabled: eventId !== '' && supplierId !== '',
  });

export const useSupplierGroups = (eventId: string, archived = false) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'groups', archived],
    queryFn: () =>
      api.get(
        `${base(eventId)}/supplier-groups${archived ? '?archived=true' : ''}`,
        supplierGroupListResponseSchema,
      ),
    enabled: eventId !== '',
  });

export const useSupplierGroup = (eventId: string, groupId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'group', groupId],
    queryFn: () => api.get(`${base(eventId)}/supplier-groups/${groupId}`, supplierGroupDetailSchema),
    enabled: eventId !== '' && groupId !== '',
  });

export const useDirectory = (eventId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'directory'],
    queryFn: () => api.get(`${base(eventId)}/supplier-directory`, directoryResponseSchema),
    enabled: eventId !== '',
  });

export const useDirectorySupplier = (eventId: string, supplierId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'directory', supplierId],
    queryFn: () => api.get(`${base(eventId)}/supplier-directory/${supplierId}`, directorySupplierSchema),
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
      ? api.put(`${base(eventId)}/suppliers/${supplierId}`, body, supplierDetailSchema)
      : api.post(`${base(eventId)}/suppliers`, body, supplierDetailSchema),
  );

export const useArchiveSupplier = (eventId: string) =>
  useSupplierMutation(eventId, ({ supplierId, archive }: { supplierId: string; archive: boolean }) =>
    api.post(
      `${base(eventId)}/suppliers/${supplierId}/${archive ? 'archive' : 'unarchive'}`,
      {},
      supplierDetailSchema,
    ),
  );

export const useDeleteSupplier = (eventId: string) =>
  useSupplierMutation(eventId, (supplierId: string) =>
    api.delete(`${base(eventId)}/suppliers/${supplierId}`, {}, nothing),
  );

export const useSaveSupplierGroup = (eventId: string, groupId: string | null) =>
  useSupplierMutation(eventId, (body: { title: string }) =>
    groupId
      ? api.put(`${base(eventId)}/supplier-groups/${groupId}`, body, supplierGroupDetailSchema)
      : api.post(`${base(eventId)}/supplier-groups`, body, supplierGroupDetailSchema),
  );

export const useArchiveSupplierGroup = (eventId: string) =>
  useSupplierMutation(eventId, ({ groupId, archive }: { groupId: string; archive: boolean }) =>
    api.post(
      `${base(eventId)}/supplier-groups/${groupId}/${archive ? 'archive' : 'unarchive'}`,
      {},
      supplierGroupDetailSchema,
    ),
  );

export const useDeleteSupplierGroup = (eventId: string) =>
  useSupplierMutation(eventId, (groupId: string) =>
    api.delete(`${base(eventId)}/supplier-groups/${groupId}`, {}, nothing),
  );
