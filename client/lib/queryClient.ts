import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** Retrying a 4xx cannot succeed (the answer is about the request), so only retry outages. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache; route loaders and components share it. */
export const queryClient = createQueryClient();
