import type { EmailResponse } from '../../../../shared/emails/responsesApi';
import type { emailResponses } from '../tables';

/** A response row and the subject of the email it answers. */
export type EmailResponseRow = { response: typeof emailResponses.$inferSelect; subject: string };

/** A recorded open, click or bounce → the answer (shared/emails/responsesApi), field by field. */
export function presentEmailResponse({ response, subject }: EmailResponseRow): EmailResponse {
  return {
    id: response.id,
    outboxId: response.outboxId,
    messageId: response.messageId,
    type: response.type,
    recipient: response.recipient,
    templateId: response.templateId,
    subject,
    teamId: response.teamId,
    userId: response.userId,
    details: response.details,
    userAgent: response.userAgent,
    ipAddress: response.ipAddress,
    createdAt: response.createdAt.toISOString(),
  };
}
