import { and, desc, eq } from 'drizzle-orm';
import type { ClientData, EvaluationContext, FormDefinition } from '../../../../shared/forms/definition';
import { guestContext } from '../../../../shared/forms/definition';
import type { Webhook } from '../../../../shared/forms/schema/webhook';
import type { Payload } from '../../../../shared/forms/webhook-body';
import { encodePayload, formEncode } from '../../../../shared/forms/webhook-body';
import { buildWebhookPayload, type WebhookRequest, webhookHeaders } from '../../../../shared/forms/webhooks';
import { WEBHOOK_ERRORS } from '../../../../shared/webhooks/api';
import type { AppContext } from '../../../platform/context';
import type { DbOrTx } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';
import { accounts } from '../../auth/tables';
import { teams } from '../../people/tables';
import { loadFill } from '../../submissions/fill/queries';
import { formSubmissions } from '../../submissions/tables';

/** What a payload is built from: the form as the engine reads it, the answers, and who sent them. */
export type PayloadSource = { definition: FormDefinition; values: unknown; context: EvaluationContext };
type SubmissionRow = typeof formSubmissions.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The client rules and payloads read: the account that made the submission, and its team. */
async function submitterContext(db: DbOrTx, row: SubmissionRow): Promise<EvaluationContext> {
  if (row.isGuest || !UUID.test(row.createdBy)) return guestContext;
  const [account] = await db
    .select({ firstName: accounts.firstName, surname: accounts.surname, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, row.createdBy));
  const [team] = row.teamId
    ? await db
        .select({ name: teams.name, customFields: teams.customFields })
        .from(teams)
        .where(and(eq(teams.eventId, row.eventId), eq(teams.id, row.teamId)))
    : [];
  const client: ClientData = {
    userId: row.createdBy,
    firstName: account?.firstName ?? '',
    surname: account?.surname ?? '',
    email: account?.email ?? '',
    teamId: row.teamId ?? '',
    teamName: team?.name ?? '',
    customFields: team?.customFields ?? {},
  };
  return { client };
}

/**
 * A submission of the form as a payload source. Without an id: the form's latest submitted
 * submission, else a blank sample (every field unanswered), for a test send.
 */
export async function payloadSource(
  ctx: AppContext,
  db: DbOrTx,
  key: { eventId: string; formId: string },
  submissionId: string | null,
): Promise<PayloadSource & { submissionId: string | null }> {
  const { definition } = await loadFill(ctx, db, { eventId: key.eventId }, key.formId, 'any');
  const inForm = and(eq(formSubmissions.eventId, key.eventId), eq(formSubmissions.formId, key.formId));
  const [row] = submissionId
    ? await db
        .select()
        .from(formSubmissions)
        .where(and(inForm, eq(formSubmissions.id, submissionId)))
    : await db
        .select()
        .from(formSubmissions)
        .where(and(inForm, eq(formSubmissions.isDraft, false)))
        .orderBy(desc(formSubmissions.updatedAt))
        .limit(1);
  if (submissionId && !row) throw notFound(WEBHOOK_ERRORS.submissionNotFound);
  if (!row) return { definition, values: {}, context: guestContext, submissionId: null };
  return { definition, values: row.values, context: await submitterContext(db, row), submissionId: row.id };
}

export function payloadFor(source: PayloadSource, webhook: Webhook): Payload {
  return buildWebhookPayload(source.definition, webhook, source.values, source.context);
}

/**
 * The request for a stored payload with the webhook's current destination, format and header:
 * buildWebhookRequest's last step, taken apart because a retry must resend the payload as it was
 * built, not rebuild it from answers that may have changed since.
 */
export function requestFor(webhook: Webhook, payload: Payload): WebhookRequest {
  const method = webhook.requestMethod;
  const query = method === 'GET' ? formEncode(payload) : '';
  const joiner = webhook.requestURL.includes('?') ? '&' : '?';
  return {
    method,
    url: query ? `${webhook.requestURL}${joiner}${query}` : webhook.requestURL,
    headers: webhookHeaders(webhook),
    body: method === 'GET' ? null : encodePayload(payload, webhook.requestFormat),
    payload,
  };
}
