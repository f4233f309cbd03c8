import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '../../../shared/forms/schema/webhook';
import type {
  Delivery,
  deliveryListResponseSchema,
  deliverySchema,
  WebhookBody,
  WebhookCreated,
  WebhookListResponse,
  WebhookTestBody,
  webhookCreatedSchema,
  webhookListResponseSchema,
  webhookSecretSchema,
  webhookViewSchema,
} from '../../../shared/webhooks/api';
import { type Answer, api } from '../../lib/api';
import { useMutation } from '../../lib/mutation';
import { formsKey } from '../forms/formsApi';

// A form's webhooks (admin only). Webhooks are engine records the server parsed with the engine's
// schema; the response check keeps their ids and the engine's types describe the rest.

const base = (eventId: string, formId: string) => `/api/events/${eventId}/forms/${formId}/webhooks`;
const webhooksKey = (eventId: string, formId: string) => [...formsKey(eventId), 'webhooks', formId] as const;

export const useWebhooks = (eventId: string, formId: string) =>
  useQuery({
    queryKey: [...webhooksKey(eventId, formId), 'list'],
    queryFn: async () =>
      (await api.get<Answer<typeof webhookListResponseSchema>>(base(eventId, formId))) as WebhookListResponse,
    enabled: eventId !== '' && formId !== '',
  });

export const useWebhook = (eventId: string, formId: string, webhookId: string) =>
  useQuery({
    queryKey: [...webhooksKey(eventId, formId), webhookId],
    queryFn: async () =>
      (await api.get<Answer<typeof webhookViewSchema>>(`${base(eventId, formId)}/${webhookId}`)) as Webhook,
    enabled: eventId !== '' && formId !== '' && webhookId !== '',
  });

/** The delivery log; polled while a delivery is on its way so its outcome appears by itself. */
export const useDeliveries = (eventId: string, formId: string, webhookId: string) =>
  useQuery({
    queryKey: [...webhooksKey(eventId, formId), webhookId, 'deliveries'],
    queryFn: () =>
      api.get<Answer<typeof deliveryListResponseSchema>>(`${base(eventId, formId)}/${webhookId}/deliveries`),
    enabled: eventId !== '' && formId !== '' && webhookId !== '',
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.state === 'pending' && d.attempt === 0) ? 2000 : false,
  });

/** Adds a webhook (answers its secret, shown once) or replaces one's settings. */
export function useSaveWebhook(eventId: string, formId: string, webhookId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WebhookBody): Promise<{ webhook: Webhook; secret: string | null }> => {
      if (webhookId) {
        const webhook = (await api.put<Answer<typeof webhookViewSchema>>(
          `${base(eventId, formId)}/${webhookId}`,
          body,
        )) as Webhook;
        return { webhook, secret: null };
      }
      return (await api.post<Answer<typeof webhookCreatedSchema>>(
        base(eventId, formId),
        body,
      )) as WebhookCreated;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(eventId, formId) }),
  });
}

export function useDeleteWebhook(eventId: string, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => api.delete(`${base(eventId, formId)}/${webhookId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(eventId, formId) }),
  });
}

export function useRotateSecret(eventId: string, formId: string, webhookId: string) {
  return useMutation({
    mutationFn: async () =>
      (await api.post<Answer<typeof webhookSecretSchema>>(`${base(eventId, formId)}/${webhookId}/secret`, {}))
        .secret,
  });
}

/** Send test (body: a submission or none) or Redeliver (a delivery id): both queue a delivery. */
export function useSendDelivery(eventId: string, formId: string, webhookId: string) {
  const queryClient = useQueryClient();
  const at = `${base(eventId, formId)}/${webhookId}`;
  return useMutation({
    mutationFn: async (what: { test: WebhookTestBody } | { redeliver: string }): Promise<Delivery> =>
      'test' in what
        ? api.post<Answer<typeof deliverySchema>>(`${at}/test`, what.test)
        : api.post<Answer<typeof deliverySchema>>(`${at}/deliveries/${what.redeliver}/redeliver`, {}),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...webhooksKey(eventId, formId), webhookId, 'deliveries'] }),
  });
}
