import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_ERROR_MESSAGES } from '../../../../shared/auth/errors';
import type { ImportRowStatus } from '../../../../shared/people/importRules';
import type {
  IMPORT_ROW_SORTS,
  importRowListResponseSchema,
  latestImportResponseSchema,
  TeamImport,
  teamImportSchema,
} from '../../../../shared/people/importSchema';
import { type Answer, ApiError, api, readErrorBody, toQueryString } from '../../../lib/api';
import { useLiveConnected } from '../../../lib/liveEvents';
import { useMutation } from '../../../lib/mutation';
import { sessionKeys } from '../../../lib/session';
import type { SortOrder } from '../../../ui/useListParams';

export type ImportRowSort = (typeof IMPORT_ROW_SORTS)[number];
export type ImportRowParams = { page: number; order: SortOrder; status: ImportRowStatus | null };

/** Only while the event stream is down; otherwise the job's `teamImport` signals move the screen. */
const POLL_MS = 1000;
export const teamImportsKey = (eventId: string) => [...sessionKeys.event(eventId), 'team-imports'] as const;
const keys = {
  all: teamImportsKey,
  latest: (eventId: string) => [...sessionKeys.event(eventId), 'team-imports', 'latest'] as const,
};
const base = (eventId: string) => `/api/events/${eventId}/team-imports`;
export const isWorking = (record: TeamImport | null | undefined) =>
  record?.state === 'queued' || record?.state === 'running';

/**
 * The event's newest import. While its job works the progress bar moves with the job's signals on
 * the event stream (client/features/people/import/live.ts); it is polled only while that is down.
 */
export function useLatestImport(eventId: string) {
  const live = useLiveConnected();
  return useQuery({
    queryKey: keys.latest(eventId),
    queryFn: () => api.get<Answer<typeof latestImportResponseSchema>>(`${base(eventId)}/latest`),
    refetchInterval: (query) => (!live && isWorking(query.state.data?.import) ? POLL_MS : false),
  });
}

export function useImportRows(eventId: string, record: TeamImport, params: ImportRowParams) {
  return useQuery({
    // The record's progress is in the key, so the check records refresh as rows are done.
    queryKey: [...keys.all(eventId), record.id, 'rows', params, record.state, record.doneRows],
    queryFn: () =>
      api.get<Answer<typeof importRowListResponseSchema>>(
        `${base(eventId)}/${record.id}/rows${toQueryString({
          page: params.page,
          order: params.order,
          status: params.status,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Multipart upload: the one request of the portal that is not JSON, so it says so in a header. */
async function uploadFile(eventId: string, file: File): Promise<TeamImport> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(base(eventId), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-Requested-With': 'fetch' },
      body,
    });
  } catch {
    throw new ApiError(0, 'auth/network-request-failed', AUTH_ERROR_MESSAGES['auth/network-request-failed']);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = readErrorBody(json);
    if (!parsed) throw new ApiError(response.status, 'unknown', `Error: ${response.status}`);
    const { code, message, issues } = parsed.error;
    throw new ApiError(response.status, code, message, issues);
  }
  return json as TeamImport;
}

export function useUploadImport(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(eventId, file),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(eventId) }),
  });
}

export function useStartImport(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) =>
      api.post<Answer<typeof teamImportSchema>>(`${base(eventId)}/${importId}/start`, {}),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.all(eventId) });
      // New teams and users appear in their lists.
      await client.invalidateQueries({ queryKey: [...sessionKeys.event(eventId), 'teams'] });
    },
  });
}
