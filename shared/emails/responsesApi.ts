import { z } from 'zod';
import { pagedSchema } from '../people/schema';

/**
 * The email delivery log of one user (spec: Email response) and resending from it. Organisers
 * who manage users (AREA_LEVELS.users) call:
 *   GET  /api/events/:eventId/users/:userId/emails          EmailResponseListResponse (newest first)
 *   POST /api/events/:eventId/users/:userId/emails/resend   ResendBody -> ResendResponse
 * A resend sends a copy of each chosen email now; each failure comes back as '{code} - {message}'
 * and, when any failed, `message` is the spec's 'Failed to send N emails: Email i: code - message'.
 */

export const EMAIL_RESPONSE_TYPES = [
  'pending',
  'delivery',
  'bounce',
  'spamComplaint',
  'open',
  'click',
  'subscriptionChange',
] as const;

export const emailResponseSchema = z.object({
  id: z.uuid(),
  outboxId: z.uuid(),
  messageId: z.string(),
  type: z.enum(EMAIL_RESPONSE_TYPES),
  recipient: z.string(),
  templateId: z.string(),
  subject: z.string(),
  teamId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
  details: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailResponse = z.output<typeof emailResponseSchema>;
export const emailResponseListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
});
export type EmailResponseListQuery = z.input<typeof emailResponseListQuerySchema>;
export const emailResponseListResponseSchema = pagedSchema(emailResponseSchema);
export type EmailResponseListResponse = z.output<typeof emailResponseListResponseSchema>;

/** The log entries to resend (their emails are sent again, once each). */
export const resendBodySchema = z.strictObject({ ids: z.array(z.uuid()).min(1).max(100) });
export type ResendBody = z.input<typeof resendBodySchema>;
export const resendResponseSchema = z.object({
  sentIds: z.array(z.uuid()),
  failed: z.array(z.object({ id: z.uuid(), error: z.string() })),
  message: z.string().nullable(),
});
export type ResendResponse = z.output<typeof resendResponseSchema>;

export const RESEND_ERRORS = {
  /** Identity emails hold one-time links that are removed once sent: a copy would not work. */
  oneTimeLink: 'link - This email held a one-time link; send a new one instead',
} as const;

/** Spec: 'Failed to send N emails: Email i: code - message' (i counts from 1 in the batch). */
export function batchFailureMessage(failures: readonly { index: number; error: string }[]): string | null {
  if (failures.length === 0) return null;
  const parts = failures.map((f) => `Email ${f.index + 1}: ${f.error}`).join(', ');
  return `Failed to send ${failures.length} emails: ${parts}`;
}

/**
 * Open and click tracking (public: the recipient's mail client calls them, signed in or not):
 *   GET /api/email-tracking/:token/open.gif        a 1×1 GIF; logs the email's first 'open'
 *   GET /api/email-tracking/:token/links/:index    302 to the email's index-th link; logs a 'click'
 * The token is the email's own (43 characters of base64url); the index is the link's place in it.
 */
export const trackingOpenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export const trackingLinkParamsSchema = trackingOpenParamsSchema.extend({
  index: z.coerce.number().int().min(0).max(999),
});
export const TRACKING_ERRORS = {
  notFound: 'Link not found',
  tooMany: 'Too many requests. Please try again later.',
} as const;
