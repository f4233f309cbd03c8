import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createdEventSchema, type SetupBody, setupStatusSchema } from '../../../shared/events/schema';
import { api, isApiError } from '../../lib/api';
import { sessionKeys } from '../../lib/session';

/** GET /api/setup answers 404 once the first account exists: setup is then gone (null here). */
export const setupStatusQuery = queryOptions({
  queryKey: ['setup'],
  queryFn: async () => {
    try {
      return await api.get('/api/setup', setupStatusSchema);
    } catch (error) {
      if (isApiError(error, 404)) return null;
      throw error;
    }
  },
  staleTime: 0,
});

export function useSetupStatus() {
  return useQuery(setupStatusQuery);
}

export function useSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody) => api.post('/api/setup', body, createdEventSchema),
    onSuccess: async () => {
      queryClient.setQueryData(setupStatusQuery.queryKey, null);
      // Setup signed the new account in: load who that is before the dashboard asks.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
