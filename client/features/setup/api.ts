import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { createdEventSchema, SetupBody, setupStatusSchema } from '../../../shared/events/schema';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';

/** Once the first account exists setup is gone: null here. */
export const setupStatusQuery = queryOptions({
  queryKey: ['setup'],
  queryFn: async () => {
    const status = await api.get<Answer<typeof setupStatusSchema>>('/api/setup');
    return status.required ? status : null;
  },
  staleTime: 0,
});

export function useSetupStatus() {
  return useQuery(setupStatusQuery);
}

export function useSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody) => api.post<Answer<typeof createdEventSchema>>('/api/setup', body),
    onSuccess: async () => {
      queryClient.setQueryData(setupStatusQuery.queryKey, null);
      // Setup signed the new account in: load who that is before the dashboard asks.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
