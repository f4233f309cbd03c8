import { z } from 'zod';
import { idSchema, optionalStampsShape, parseOrThrow } from './common';
import { clientSourceSchema, ruleSchema } from './logic';

/** Extra keys an address or full name field offers on top of its parts. */
export const ADDRESS_EXTRAS = ['fullAddress', 'flatFullAddress'] as const;
export const NAME_EXTRAS = ['fullName', 'flatFullName'] as const;

/** Payload fields are checked by category: each category reads a different kind of source. */
export const payloadFieldSchema = z.discriminatedUnion('category', [
  z.strictObject({
    category: z.literal('field'),
    /** The key the value is sent under. */
    targetId: z.string().trim().min(1),
    sourceId: idSchema,
    sourceType: z.string().default(''),
    /** An address or name part or extra, or the id of a field inside a template's group. */
    nestedKey: z.string().default(''),
  }),
  z.strictObject({
    category: z.literal('customField'),
    targetId: z.string().trim().min(1),
    sourceId: idSchema,
    sourceType: z.string().default(''),
    nestedKey: z.literal('').default(''),
  }),
  z.strictObject({
    category: z.literal('client'),
    targetId: z.string().trim().min(1),
    sourceId: clientSourceSchema,
    sourceType: z.string().default(''),
    nestedKey: z.literal('').default(''),
  }),
]);
export type PayloadField = z.output<typeof payloadFieldSchema>;

export const requestMethodSchema = z.enum(['GET', 'POST', 'PUT', 'DELETE']);
export const requestFormatSchema = z.enum(['JSON', 'XML', 'FORM']);
export type RequestMethod = z.output<typeof requestMethodSchema>;
export type RequestFormat = z.output<typeof requestFormatSchema>;

export const webhookSchema = z.strictObject({
  id: idSchema,
  name: z.string().trim().default(''),
  parentType: z.string().default('form'),
  parentId: z.string().default(''),
  isActive: z.boolean().default(true),
  /** Every rule must match for the webhook to be sent (the spec gives webhooks no operator). */
  rules: z.array(ruleSchema).default(() => []),
  requestURL: z.url({ protocol: /^https?$/ }),
  requestMethod: requestMethodSchema.default('POST'),
  requestFormat: requestFormatSchema.default('JSON'),
  /** A standard header name, or 'Custom' with headerValue written 'Name: value'. */
  headerKey: z.string().trim().default(''),
  headerValue: z
    .string()
    .regex(/^[^\r\n]*$/, 'A header value must be on one line')
    .default(''),
  payloadFields: z.array(payloadFieldSchema).default(() => []),
  ...optionalStampsShape,
});
export type Webhook = z.output<typeof webhookSchema>;
export type WebhookInput = z.input<typeof webhookSchema>;

export function parseWebhook(input: unknown): Webhook {
  return parseOrThrow(webhookSchema, input, 'Invalid webhook');
}
