import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Permission } from '../../../shared/auth/permissions';
import type { USER_SORTS, userListResponseSchema } from '../../../shared/people/schema';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
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
      api.get<Answer<typeof userListResponseSchema>>(
        `/api/events/${eventId}/users${toQueryString({
          page: params.page,
          sort: params.sort,
          order: params.order,
          search: params.search.trim(),
          permissions: params.permissions,
          // The server reads the string 'true'; leaving it out means no filter.
          notLoggedIn: params.notLoggedIn ? 'true' : undefined,
        })}`,
      ),
    // Keep the current page on screen while the next one loads, instead of a blank table.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(eventId: string, params: UserListParams) {
  return useQuery(usersQuery(eventId, params));
}

/** A change to a user touches the user list, the teams and my-team: drop the event's people caches. */
function usePeopleMutation<V>(eventId: string, run: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.event(eventId) }),
  });
}

const userPath = (eventId: string, userId: string) => `/api/events/${eventId}/users/${userId}`;

export const useChangePermission = (eventId: string) =>
  usePeopleMutation(eventId, ({ userId, permissions }: { userId: string; permissions: Permission }) =>
    api.put(`${userPath(eventId, userId)}/permissions`, { permissions }),
  );

export const useResendWelcome = (eventId: string) =>
  usePeopleMutation(eventId, (userId: string) => api.post(`${userPath(eventId, userId)}/welcome-chaser`, {}));

export const useDeleteUser = (eventId: string) =>
  usePeopleMutation(eventId, ({ userId, transferToId }: { userId: string; transferToId: string }) =>
    api.delete(`${userPath(eventId, userId)}${toQueryString({ transferToId })}`, {}),
  );
