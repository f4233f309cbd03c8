import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CloneRequest, CloneStatus, cloneStatusSchema } from '../../../shared/editions/clone';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { sessionKeys } from '../../lib/session';

const POLL_MS = 1000;
const latestKey = (eventId: string) => [...sessionKeys.event(eventId), 'clones', 'latest'] as const;
const base = (eventId: string) => `/api/events/${eventId}/clones`;
export const isCloning = (clone: CloneStatus | null | undefined) =>
  clone?.state === 'queued' || clone?.state === 'running';

/** The event's newest clone; polled while its job works, so the progress bar moves. */
export function useLatestClone(eventId: string) {
  return useQuery({
    queryKey: latestKey(eventId),
    queryFn: () => api.get<{ clone: CloneStatus | null }>(`${base(eventId)}/latest`),
    refetchInterval: (query) => (isCloning(query.state.data?.clone) ? POLL_MS : false),
    enabled: Boolean(eventId),
  });
}

export function useStartClone(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CloneRequest) => api.post<Answer<typeof cloneStatusSchema>>(base(eventId), body),
    onSuccess: (clone) => client.setQueryData(latestKey(eventId), { clone }),
  });
}
