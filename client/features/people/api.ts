import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '../../../shared/auth/permissions';
import { type USER_SORTS, userListResponseSchema } from '../../../shared/people/schema';
import { api, toQueryString } from '../../lib/api';
import { sessionKeys } from '../../lib/session';
import type { SortOrder } from '../../ui/useListParams';

export type UserSort = (typeof USER_SORTS)[number];

export interface UserListParams {
  page: number;
  sort: UserSort;
  order: SortOrder;
  search: string;
  permissions: Permission | null;
  notLoggedIn: boolean;
}

export function usersQuery(eventId: string, params: UserListParams) {
  return queryOptions({
    queryKey: [...sessionKeys.event(eventId), 'users', params],
    queryFn: () =>
      api.get(
        `/api/events/${eventId}/users${toQueryString({
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          permissions: params.permissions,
          // The server reads the string 'true'; leaving it out means no filter.
          notLoggedIn: params.notLoggedIn ? 'true' : undefined,
        })}`,
        userListResponseSchema,
      ),
    // Keep the current page on screen while the next one loads, instead of a blank table.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(eventId: string, params: UserListParams) {
  return useQuery(usersQuery(eventId, params));
}
