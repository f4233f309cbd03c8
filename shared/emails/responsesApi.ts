import { z } from 'zod';

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
  createdAt: z.string(),
});
export type EmailResponse = z.output<typeof emailResponseSchema>;
export const emailResponseListResponseSchema = z.object({ items: z.array(emailResponseSchema) });
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
