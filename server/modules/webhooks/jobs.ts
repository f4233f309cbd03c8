import { and, asc, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import { webhookApplies } from '../../../shared/forms/webhooks';
import { type DeliveryKind, WEBHOOK_MAX_ATTEMPTS } from '../../../shared/webhooks/api';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/client';
import { withTransaction } from '../../platform/db/transaction';
import { defineJob } from '../../platform/jobs';
import { webhooksSent } from '../../platform/observability/metrics';
import { recordAudit, systemEntry } from '../audit/service';
import { onSubmissionSaved, type SubmissionEvent } from '../submissions/saved/service';
import { type GuardOptions, type Resolver, systemResolver } from './delivery/policy';
import { sendWebhook } from './delivery/service';
import { payloadFor, payloadSource, requestFor } from './payloads/present';
import { presentWebhook } from './present';
import { formWebhooks, webhookDeliveries } from './tables';

/**
 * Delivery by the job queue, never inside a request. A submission made or changed queues one
 * delivery per webhook that applies; each try is a job. A failed try is due again after 1 min,
 * 6 min, 36 min, 3.6 h and 21.6 h (six tries over about a day), then the delivery is failed. The
 * due tries are picked up by a job that runs every minute, so a retry survives a restart.
 */

export const deliverJob = defineJob('webhooks.deliver', z.object({ v: z.literal(1), deliveryId: z.uuid() }));
export const retryDueJob = defineJob('webhooks.retryDue', z.object({}));
/**
 * A try in progress holds the delivery this long; a process that dies mid-send frees it after.
 * Well over a send (10 s timeout), short enough that a restart delivers within a couple of minutes.
 */
const LEASE_MS = 60_000;
const RETRY_BATCH = 50;

export const backoffMs = (attempt: number) => 60_000 * 6 ** (attempt - 1);

/** Per app: the tests answer DNS themselves to prove a changed answer is caught at send. */
const resolvers = new WeakMap<AppContext, Resolver>();
export function setWebhookResolver(ctx: AppContext, resolver: Resolver): void {
  resolvers.set(ctx, resolver);
}
export function guardOf(ctx: AppContext): GuardOptions {
  return { allowPrivate: ctx.config.webhookAllowPrivate, resolve: resolvers.get(ctx) ?? systemResolver };
}

/** Records a delivery and asks the queue to try it; once per (webhook, submission event). */
export async function queueDelivery(
  db: DbOrTx,
  values: {
    eventId: string;
    webhookId: string;
    kind: DeliveryKind;
    payload: Record<string, unknown>;
    submissionId: string | null;
    submissionEventId?: string;
    by: string;
  },
) {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      eventId: values.eventId,
      webhookId: values.webhookId,
      kind: values.kind,
      payload: values.payload as never,
      submissionId: values.submissionId,
      submissionEventId: values.submissionEventId ?? null,
      nextAttemptAt: new Date(),
      createdBy: values.by,
      updatedBy: values.by,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function sendQueued(ctx: AppContext, deliveryId: string): Promise<void> {
  await deliverJob.send(ctx, { v: 1, deliveryId });
}

/** A submission made or changed: one delivery for each active webhook whose rules hold. */
async function onSubmission(ctx: AppContext, event: SubmissionEvent): Promise<void> {
  const key = { eventId: event.eventId, formId: event.formId };
  const rows = await ctx.db
    .select()
    .from(formWebhooks)
    .where(and(eq(formWebhooks.eventId, key.eventId), eq(formWebhooks.formId, key.formId)));
  const webhooks = rows.map(presentWebhook).filter((webhook) => webhook.isActive);
  if (webhooks.length === 0) return;
  const source = await payloadSource(ctx, ctx.db, key, event.submissionId);
  for (const webhook of webhooks) {
    if (!webhookApplies(source.definition, webhook, source.values, source.context)) continue;
    const queued = await queueDelivery(ctx.db, {
      eventId: event.eventId,
      webhookId: webhook.id,
      kind: event.kind,
      payload: payloadFor(source, webhook),
      submissionId: event.submissionId,
      submissionEventId: event.id,
      by: event.createdBy,
    });
    if (queued) await sendQueued(ctx, queued.id);
  }
}

/**
 * One try of a delivery, if it is due: claimed with a lease first, so the job and the minute's
 * sweep never send it at the same time.
 */
export async function attemptDelivery(ctx: AppContext, deliveryId: string, now = new Date()): Promise<void> {
  const [claimed] = await ctx.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.state, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!claimed) return;
  const [row] = await ctx.db.select().from(formWebhooks).where(eq(formWebhooks.id, claimed.webhookId));
  if (!row) return;
  const webhook = presentWebhook(row);
  const attempt = claimed.attempt + 1;
  const isSubmission = claimed.kind === 'submitted' || claimed.kind === 'updated';
  const result =
    isSubmission && !webhook.isActive
      ? { ok: false, statusCode: null, durationMs: 0, responseText: '', error: 'The webhook was turned off' }
      : await sendWebhook(
          requestFor(webhook, claimed.payload),
          { secret: row.secret, messageId: claimed.id },
          guardOf(ctx),
          now,
        );
  webhooksSent.inc({ outcome: result.ok ? 'succeeded' : 'failed' });
  const final = result.ok || attempt >= WEBHOOK_MAX_ATTEMPTS || (isSubmission && !webhook.isActive);
  const state = result.ok ? 'succeeded' : final ? 'failed' : 'pending';
  await withTransaction(ctx.db, async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        attempt,
        state,
        nextAttemptAt: final ? null : new Date(now.getTime() + backoffMs(attempt)),
        lastAttemptAt: now,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        responseText: result.responseText,
        error: result.error,
        updatedAt: new Date(),
      })
      .where(eq(webhookDeliveries.id, claimed.id));
    // Each try is the system's write, with its outcome, in the same transaction as the delivery row.
    await recordAudit(
      tx,
      systemEntry({
        eventId: claimed.eventId,
        entityType: 'webhooks',
        entityId: claimed.webhookId,
        action: 'deliver',
        route: deliverJob.name,
        changes: {
          state: { before: 'pending', after: state },
          attempt: { after: attempt },
          statusCode: { after: result.statusCode },
          ...(result.error ? { error: { after: result.error } } : {}),
        },
      }),
    );
  });
}

/** Every delivery whose next try is due (and any a dead process left leased). */
export async function retryDueDeliveries(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await ctx.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(RETRY_BATCH);
  for (const { id } of due) await attemptDelivery(ctx, id, now);
  return due.length;
}

export function registerWebhookJobs(ctx: AppContext): void {
  onSubmissionSaved(ctx, 'webhooks', onSubmission);
  // Twenty a fetch (a burst of submissions drains in seconds, not one a second); a try that is
  // not due or already leased is skipped, so a batch retried as one sends nothing twice.
  deliverJob.work(ctx, ({ deliveryId }) => attemptDelivery(ctx, deliveryId), { batchSize: 20 });
  retryDueJob.work(ctx, async () => {
    await retryDueDeliveries(ctx);
  });
  retryDueJob.schedule(ctx, '* * * * *', {});
}
