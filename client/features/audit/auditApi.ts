import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditQuery, auditPageSchema, auditSettingsSchema } from '../../../shared/audit/api';
import type {
  ApiTokenBody,
  apiTokenCreatedSchema,
  apiTokenListSchema,
  apiTokenSchema,
} from '../../../shared/tokens/api';
import { type Answer, api, toQueryString } from '../../lib/api';
import { useMutation } from '../../lib/mutation';

// API tokens and the audit trail (admins; decision 0030).

const tokensKey = (eventId: string) => ['events', eventId, 'api-tokens'] as const;
const auditKey = (eventId: string) => ['events', eventId, 'audit'] as const;

export const useApiTokens = (eventId: string) =>
  useQuery({
    queryKey: tokensKey(eventId),
    queryFn: () => api.get<Answer<typeof apiTokenListSchema>>(`/api/events/${eventId}/api-tokens`),
    enabled: eventId !== '',
  });

export function useCreateApiToken(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenBody) =>
      api.post<Answer<typeof apiTokenCreatedSchema>>(`/api/events/${eventId}/api-tokens`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey(eventId) }),
  });
}

export function useRevokeApiToken(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      api.post<Answer<typeof apiTokenSchema>>(`/api/events/${eventId}/api-tokens/${tokenId}/revoke`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey(eventId) }),
  });
}

export const useAudit = (eventId: string, query: AuditQuery, enabled = true) =>
  useQuery({
    queryKey: [...auditKey(eventId), query],
    queryFn: () =>
      api.get<Answer<typeof auditPageSchema>>(
        `/api/events/${eventId}/audit${toQueryString(query as Record<string, string | number>)}`,
      ),
    enabled: enabled && eventId !== '',
    placeholderData: keepPreviousData,
  });

export const useAuditSettings = (eventId: string) =>
  useQuery({
    queryKey: [...auditKey(eventId), 'settings'],
    queryFn: () => api.get<Answer<typeof auditSettingsSchema>>(`/api/events/${eventId}/audit/settings`),
    enabled: eventId !== '',
  });

export function useSaveAuditSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: number) =>
      api.put<Answer<typeof auditSettingsSchema>>(`/api/events/${eventId}/audit/settings`, { retentionDays }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKey(eventId) }),
  });
}
