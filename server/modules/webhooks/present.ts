import { parseWebhook, type Webhook } from '../../../shared/forms/schema/webhook';
import type { Delivery } from '../../../shared/webhooks/api';
import { stampsOf } from '../forms/present';
import type { formWebhooks, webhookDeliveries } from './tables';

export type WebhookRecord = typeof formWebhooks.$inferSelect;
export type DeliveryRecord = typeof webhookDeliveries.$inferSelect;

/** A stored webhook read back through the engine's schema; the secret stays behind. */
export function presentWebhook(row: WebhookRecord): Webhook {
  return parseWebhook({
    id: row.id,
    name: row.name,
    parentType: 'form',
    parentId: row.formId,
    isActive: row.isActive,
    rules: row.rules,
    requestURL: row.requestUrl,
    requestMethod: row.requestMethod,
    requestFormat: row.requestFormat,
    headerKey: row.headerKey,
    headerValue: row.headerValue,
    payloadFields: row.payloadFields,
    ...stampsOf(row),
  });
}

export function presentDelivery(row: DeliveryRecord): Delivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    submissionId: row.submissionId,
    kind: row.kind,
    state: row.state,
    attempt: row.attempt,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    responseText: row.responseText,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.state === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  };
}
