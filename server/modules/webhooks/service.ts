import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Webhook } from '../../../shared/forms/schema/webhook';
import { WEBHOOK_ERRORS, type webhookBodySchema } from '../../../shared/webhooks/api';
import type { AppContext } from '../../platform/context';
import { withTransaction } from '../../platform/db/transaction';
import { badRequest } from '../../platform/http/errors';
import { findForm } from '../forms/queries';
import { refuseBadRules } from '../forms/service';
import { checkDestination, UnsafeDestination } from './delivery/policy';
import { newWebhookSecret } from './delivery/service';
import { guardOf, queueDelivery, sendQueued } from './jobs';
import { payloadFor, payloadSource } from './payloads/present';
import { presentDelivery, presentWebhook } from './present';
import { findDelivery, findWebhook, type WebhookKey } from './queries';
import { formWebhooks } from './tables';

type Body = z.output<typeof webhookBodySchema>;
const RULE_WHERE = 'A rule of this webhook';

/**
 * Spec: refused at save as at send; the reason goes with the spec's message, at the URL. Called
 * before the save's transaction opens, so a slow DNS answer holds no database connection.
 */
export async function refuseUnsafeUrl(ctx: AppContext, url: string) {
  try {
    await checkDestination(url, guardOf(ctx));
  } catch (error) {
    if (!(error instanceof UnsafeDestination)) throw error;
    throw badRequest(WEBHOOK_ERRORS.invalidWebhook, [{ path: ['requestURL'], message: error.message }]);
  }
}

const columnsOf = (body: Body) => ({
  name: body.name,
  isActive: body.isActive,
  rules: body.rules,
  requestUrl: body.requestURL,
  requestMethod: body.requestMethod,
  requestFormat: body.requestFormat,
  headerKey: body.headerKey,
  headerValue: body.headerValue,
  payloadFields: body.payloadFields,
});

export function createWebhook(
  ctx: AppContext,
  key: { eventId: string; formId: string },
  body: Body,
  by: string,
): Promise<{ webhook: Webhook; secret: string }> {
  return withTransaction(ctx.db, async (tx) => {
    await findForm(tx, { eventId: key.eventId }, key.formId);
    await refuseBadRules(ctx, tx, key, body.rules, RULE_WHERE);
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(formWebhooks)
      .values({ ...key, ...columnsOf(body), secret, createdBy: by, updatedBy: by })
      .returning();
    return { webhook: presentWebhook(row), secret };
  });
}

const whereKey = (key: WebhookKey) =>
  and(
    eq(formWebhooks.eventId, key.eventId),
    eq(formWebhooks.formId, key.formId),
    eq(formWebhooks.id, key.webhookId),
  );

export function updateWebhook(ctx: AppContext, key: WebhookKey, body: Body, by: string) {
  return withTransaction(ctx.db, async (tx) => {
    await findWebhook(tx, key);
    await refuseBadRules(ctx, tx, key, body.rules, RULE_WHERE);
    const [row] = await tx
      .update(formWebhooks)
      .set({ ...columnsOf(body), updatedAt: new Date(), updatedBy: by })
      .where(whereKey(key))
      .returning();
    return presentWebhook(row);
  });
}

export function deleteWebhook(ctx: AppContext, key: WebhookKey) {
  return withTransaction(ctx.db, async (tx) => {
    await findWebhook(tx, key);
    await tx.delete(formWebhooks).where(whereKey(key));
  });
}

/** A new secret at once: deliveries still queued are signed with it from their next try. */
export function rotateSecret(ctx: AppContext, key: WebhookKey, by: string) {
  return withTransaction(ctx.db, async (tx) => {
    await findWebhook(tx, key);
    const secret = newWebhookSecret();
    await tx.update(formWebhooks).set({ secret, updatedAt: new Date(), updatedBy: by }).where(whereKey(key));
    return { secret };
  });
}

/** A test send, whatever the rules and the active switch say, queued like any delivery. */
export async function sendTest(ctx: AppContext, key: WebhookKey, submissionId: string | null, by: string) {
  const webhook = presentWebhook(await findWebhook(ctx.db, key));
  const source = await payloadSource(ctx, ctx.db, key, submissionId);
  const row = await withTransaction(ctx.db, (tx) =>
    queueDelivery(tx, {
      eventId: key.eventId,
      webhookId: key.webhookId,
      kind: 'test',
      payload: payloadFor(source, webhook),
      submissionId: source.submissionId,
      by,
    }),
  );
  if (!row) throw new Error('A test delivery was not recorded');
  await sendQueued(ctx, row.id);
  return presentDelivery(await findDelivery(ctx.db, key, row.id));
}

/** The same payload again as a new delivery with its own tries (a failed one's tries are spent). */
export async function redeliver(ctx: AppContext, key: WebhookKey, deliveryId: string, by: string) {
  const original = await findDelivery(ctx.db, key, deliveryId);
  const row = await withTransaction(ctx.db, (tx) =>
    queueDelivery(tx, {
      eventId: key.eventId,
      webhookId: key.webhookId,
      kind: 'redeliver',
      payload: original.payload,
      submissionId: original.submissionId,
      by,
    }),
  );
  if (!row) throw new Error('A redelivery was not recorded');
  await sendQueued(ctx, row.id);
  return presentDelivery(await findDelivery(ctx.db, key, row.id));
}
