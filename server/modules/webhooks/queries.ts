import { and, desc, eq } from 'drizzle-orm';
import { WEBHOOK_ERRORS } from '../../../shared/webhooks/api';
import type { DbOrTx } from '../../platform/db/client';
import type { EventScope } from '../../platform/http/actor';
import { notFound } from '../../platform/http/errors';
import { findForm } from '../forms/queries';
import { presentDelivery, presentWebhook } from './present';
import { formWebhooks, webhookDeliveries } from './tables';

/** The log shows the latest deliveries; older ones stay stored. */
const DELIVERY_LOG_SIZE = 100;

export type WebhookKey = { eventId: string; formId: string; webhookId: string };

const inForm = (eventId: string, formId: string) =>
  and(eq(formWebhooks.eventId, eventId), eq(formWebhooks.formId, formId));

export async function listWebhooks(db: DbOrTx, scope: EventScope, formId: string) {
  const { eventId } = scope;
  await findForm(db, { eventId }, formId);
  const rows = await db
    .select()
    .from(formWebhooks)
    .where(inForm(eventId, formId))
    .orderBy(formWebhooks.createdAt, formWebhooks.id);
  return { items: rows.map(presentWebhook) };
}

/** The webhook of this event and form, or 404 (another event's or form's id included). */
export async function findWebhook(db: DbOrTx, key: WebhookKey) {
  const [row] = await db
    .select()
    .from(formWebhooks)
    .where(and(inForm(key.eventId, key.formId), eq(formWebhooks.id, key.webhookId)));
  if (!row) throw notFound(WEBHOOK_ERRORS.webhookNotFound);
  return row;
}

export async function listDeliveries(db: DbOrTx, key: WebhookKey) {
  await findWebhook(db, key);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.eventId, key.eventId), eq(webhookDeliveries.webhookId, key.webhookId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
  return { items: rows.map(presentDelivery) };
}

export async function findDelivery(db: DbOrTx, key: WebhookKey, deliveryId: string) {
  await findWebhook(db, key);
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.eventId, key.eventId),
        eq(webhookDeliveries.webhookId, key.webhookId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    );
  if (!row) throw notFound(WEBHOOK_ERRORS.deliveryNotFound);
  return row;
}
