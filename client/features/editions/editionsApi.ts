import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type CloneRequest, type CloneStatus, cloneStatusSchema } from '../../../shared/editions/clone';
import { api } from '../../lib/api';
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
    queryFn: () => api.get(`${base(eventId)}/latest`, z.object({ clone: cloneStatusSchema.nullable() })),
    refetchInterval: (query) => (isCloning(query.state.data?.clone) ? POLL_MS : false),
    enabled: Boolean(eventId),
  });
}

export function useStartClone(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CloneRequest) => api.post(base(eventId), body, cloneStatusSchema),
    onSuccess: (clone) => client.setQueryData(latestKey(eventId), { clone }),
  });
}
