import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SUPPLIER_SORTS } from '../../../shared/suppliers/api';
import { SUPPLIER_ROUTES as ROUTES } from '../../../shared/suppliers/routes';
import type { SupplierBody } from '../../../shared/suppliers/schema';
import { call } from '../../lib/api';
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

export function useSuppliers(eventId: string, params: SupplierListParams) {
  return useQuery({
    queryKey: [...suppliersKey(eventId), 'list', params],
    queryFn: () =>
      call(ROUTES.list, {
        params: { eventId },
        query: {
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          groupId: params.groupId,
          archived: params.archived ? 'true' : undefined,
        },
      }),
    placeholderData: keepPreviousData,
    enabled: eventId !== '',
  });
}

export const useSupplier = (eventId: string, supplierId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'detail', supplierId],
    queryFn: () => call(ROUTES.get, { params: { eventId, supplierId } }),
    enabled: eventId !== '' && supplierId !== '',
  });

export const useSupplierGroups = (eventId: string, archived = false) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'groups', archived],
    queryFn: () =>
      call(ROUTES.listGroups, { params: { eventId }, query: { archived: archived ? 'true' : undefined } }),
    enabled: eventId !== '',
  });

export const useSupplierGroup = (eventId: string, groupId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'group', groupId],
    queryFn: () => call(ROUTES.getGroup, { params: { eventId, groupId } }),
    enabled: eventId !== '' && groupId !== '',
  });

export const useDirectory = (eventId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'directory'],
    queryFn: () => call(ROUTES.directory, { params: { eventId } }),
    enabled: eventId !== '',
  });

export const useDirectorySupplier = (eventId: string, supplierId: string) =>
  useQuery({
    queryKey: [...suppliersKey(eventId), 'directory', supplierId],
    queryFn: () => call(ROUTES.directorySupplier, { params: { eventId, supplierId } }),
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
      ? call(ROUTES.update, { params: { eventId, supplierId }, body })
      : call(ROUTES.create, { params: { eventId }, body }),
  );

export const useArchiveSupplier = (eventId: string) =>
  useSupplierMutation(eventId, ({ supplierId, archive }: { supplierId: string; archive: boolean }) =>
    call(archive ? ROUTES.archive : ROUTES.unarchive, { params: { eventId, supplierId } }),
  );

export const useDeleteSupplier = (eventId: string) =>
  useSupplierMutation(eventId, (supplierId: string) =>
    call(ROUTES.delete, { params: { eventId, supplierId } }),
  );

export const useSaveSupplierGroup = (eventId: string, groupId: string | null) =>
  useSupplierMutation(eventId, (body: { title: string }) =>
    groupId
      ? call(ROUTES.updateGroup, { params: { eventId, groupId }, body })
      : call(ROUTES.createGroup, { params: { eventId }, body }),
  );

export const useArchiveSupplierGroup = (eventId: string) =>
  useSupplierMutation(eventId, ({ groupId, archive }: { groupId: string; archive: boolean }) =>
    call(archive ? ROUTES.archiveGroup : ROUTES.unarchiveGroup, { params: { eventId, groupId } }),
  );

export const useDeleteSupplierGroup = (eventId: string) =>
  useSupplierMutation(eventId, (groupId: string) =>
    call(ROUTES.deleteGroup, { params: { eventId, groupId } }),
  );
