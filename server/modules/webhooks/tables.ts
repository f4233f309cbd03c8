import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Rule } from '../../../shared/forms/schema/logic';
import type { PayloadField, RequestFormat, RequestMethod } from '../../../shared/forms/schema/webhook';
import type { Payload } from '../../../shared/forms/webhook-body';
import { DELIVERY_KINDS, DELIVERY_STATES } from '../../../shared/webhooks/api';
import { auditColumns, idColumn } from '../../platform/db/columns';
import { events } from '../events/tables';
import { forms } from '../forms/tables';
import { formSubmissions, submissionEvents } from '../submissions/tables';

/**
 * A form's webhooks (spec: Webhook). `secret` is the Standard Webhooks signing key
 * ('whsec_' + base64), kept as written: signing needs the key itself, so it cannot be hashed,
 * and encrypting it with a key held by the same server would protect nothing the database's own
 * access control does not (the organiser's header values, e.g. an Authorization token, are
 * stored the same way). It is shown to the admin only when made or rotated.
 */
export const formWebhooks = pgTable(
  'form_webhooks',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    rules: jsonb('rules').$type<Rule[]>().notNull().default([]),
    requestUrl: text('request_url').notNull(),
    requestMethod: text('request_method').$type<RequestMethod>().notNull().default('POST'),
    requestFormat: text('request_format').$type<RequestFormat>().notNull().default('JSON'),
    headerKey: text('header_key').notNull().default(''),
    headerValue: text('header_value').notNull().default(''),
    payloadFields: jsonb('payload_fields').$type<PayloadField[]>().notNull().default([]),
    secret: text('secret').notNull(),
    ...auditColumns,
  },
  (t) => [index('form_webhooks_event_form_idx').on(t.eventId, t.formId, t.createdAt)],
);

/**
 * One message to a webhook and its tries. The id is the Standard Webhooks message id
 * (webhook-id), the same on every retry so the receiver can drop duplicates. `payload` is built
 * once, when the submission is heard of, so retries send what was true then; the destination,
 * format and header are the webhook's at the time of each try. One row per (webhook, submission
 * event), so a listener that runs twice queues nothing twice.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    id: idColumn(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => formWebhooks.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id').references(() => formSubmissions.id, { onDelete: 'set null' }),
    submissionEventId: uuid('submission_event_id').references(() => submissionEvents.id, {
      onDelete: 'set null',
    }),
    kind: text('kind', { enum: DELIVERY_KINDS }).notNull(),
    payload: jsonb('payload').$type<Payload>().notNull(),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    /** When the next try is due; while a try runs, a lease in case the process dies mid-send. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    responseText: text('response_text').notNull().default(''),
    error: text('error').notNull().default(''),
    ...auditColumns,
  },
  (t) => [
    index('webhook_deliveries_event_webhook_idx').on(t.eventId, t.webhookId, t.createdAt),
    uniqueIndex('webhook_deliveries_event_once_idx').on(t.eventId, t.webhookId, t.submissionEventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
  ],
);
