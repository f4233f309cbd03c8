import { z } from 'zod';
import { engineRecord, formParamsSchema, specPart } from '../forms/api';
import { type Webhook, type WebhookInput, webhookSchema } from '../forms/schema/webhook';

/**
 * The HTTP contract of a form's webhooks (spec: Webhook, Webhook send). Admin only; a moderator
 * is refused (403) and an id of another event or form answers 404. The body is the engine's
 * webhook record, so the server stores exactly what shared/forms/webhooks.ts sends from.
 *
 * Routes (prefix /api/events/:eventId/forms/:formId/webhooks):
 *   GET    /                                     WebhookListResponse
 *   POST   /                                     WebhookBody -> 201 WebhookCreated (secret shown once)
 *   GET|PUT|DELETE /:webhookId                   WebhookView (PUT: WebhookBody), DELETE 204
 *   POST   /:webhookId/secret                    {} -> WebhookSecret (rotated; shown once)
 *   GET    /:webhookId/deliveries                DeliveryListResponse (newest first)
 *   POST   /:webhookId/test                      WebhookTestBody -> 201 Delivery (queued)
 *   POST   /:webhookId/deliveries/:deliveryId/redeliver   {} -> 201 Delivery (queued)
 */

export { WEBHOOKS_LEVEL } from '../auth/permissions';

export const WEBHOOK_ERRORS = {
  invalidWebhook: 'Invalid webhook',
  webhookNotFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  submissionNotFound: 'Submission not found',
} as const;

/** Tries made for one delivery before it is marked failed (spec: about 6 tries over a day). */
export const WEBHOOK_MAX_ATTEMPTS = 6;
/** What the delivery log keeps of a receiver's answer. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 8 * 1024;

const webhookBodyShape = webhookSchema.omit({
  id: true,
  parentType: true,
  parentId: true,
  createdAt: true,
  createdBy: true,
  updatedAt: true,
  updatedBy: true,
});
export const webhookBodySchema = specPart(webhookBodyShape, WEBHOOK_ERRORS.invalidWebhook);
export type WebhookBody = Omit<
  WebhookInput,
  'id' | 'parentType' | 'parentId' | 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy'
>;

export const webhookParamsSchema = formParamsSchema.extend({ webhookId: z.uuid() });
export const deliveryParamsSchema = webhookParamsSchema.extend({ deliveryId: z.uuid() });

/** A stored webhook in an answer (typed Webhook); the secret is never in it. */
export const webhookViewSchema = engineRecord;
export const webhookListResponseSchema = z.object({ items: z.array(engineRecord) });
export type WebhookListResponse = { items: Webhook[] };

/** Standard Webhooks secret: 'whsec_' + base64 of 32 random bytes. */
export const webhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.output<typeof webhookSecretSchema>;
export const webhookCreatedSchema = z.object({ webhook: engineRecord, secret: z.string() });
export type WebhookCreated = { webhook: Webhook; secret: string };

export const DELIVERY_KINDS = ['submitted', 'updated', 'test', 'redeliver'] as const;
export const DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const deliverySchema = z.object({
  id: z.uuid(),
  webhookId: z.uuid(),
  submissionId: z.uuid().nullable(),
  kind: z.enum(DELIVERY_KINDS),
  state: z.enum(DELIVERY_STATES),
  /** Tries made so far. */
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The receiver's answer, cut to WEBHOOK_RESPONSE_KEEP_BYTES. */
  responseText: z.string(),
  error: z.string(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type Delivery = z.output<typeof deliverySchema>;
export const deliveryListResponseSchema = z.object({ items: z.array(deliverySchema) });
export type DeliveryListResponse = z.output<typeof deliveryListResponseSchema>;

/** A test send: from one of the form's submissions, or (none given) the latest, else a blank sample. */
export const webhookTestBodySchema = z.strictObject({ submissionId: z.uuid().optional() });
export type WebhookTestBody = z.input<typeof webhookTestBodySchema>;
