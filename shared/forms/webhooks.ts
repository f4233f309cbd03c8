import type { EvaluationContext, FormDefinition } from './definition';
import { clientFullName, guestContext } from './definition';
import type { ScopeEvaluator } from './logic';
import { evaluateVisibility, formEvaluator } from './logic';
import { minorToDecimal } from './money';
import { ruleMatches } from './rules';
import type { PayloadField, Webhook } from './schema/webhook';
import { computeTotals } from './totals';
import type { Payload, PayloadValue } from './webhook-body';
import { encodePayload, formEncode } from './webhook-body';
import { fieldPayloadValue } from './webhook-values';

// Webhooks: whether one fires for a submission, its payload, and the request that sends it.

export interface WebhookRequest {
  method: Webhook['requestMethod'];
  url: string;
  headers: Record<string, string>;
  /** null for GET, whose payload travels in the query string instead. */
  body: string | null;
  payload: Payload;
}

/** Active, and every rule holds (a webhook without rules always fires). */
export function webhookApplies(
  definition: FormDefinition,
  webhook: Webhook,
  values: unknown,
  context: EvaluationContext = guestContext,
): boolean {
  const reader = formEvaluator(definition, values, context);
  return webhook.isActive && webhook.rules.every((rule) => ruleMatches(rule, reader));
}

function fieldValue(
  definition: FormDefinition,
  source: PayloadField,
  reader: ScopeEvaluator,
  values: unknown,
) {
  const field = definition.fields[source.sourceId];
  if (!field || !reader.isVisible(field.id)) return null;
  if (field.type === 'grandTotal') {
    const visibility = evaluateVisibility(definition, values, { client: reader.client });
    return minorToDecimal(computeTotals(definition, values, visibility).grandTotal);
  }
  if (field.type !== 'template') return fieldPayloadValue(field, reader.answer(field.id), source.nestedKey);
  // A template sends one value per loop: the nested field named by nestedKey, or every field.
  return reader.loops(field.id).map((loop): PayloadValue => {
    if (source.nestedKey) {
      const nested = loop.field(source.nestedKey);
      return nested ? fieldPayloadValue(nested, loop.answer(nested.id), '') : null;
    }
    const entry: Payload = {};
    for (const [id, shown] of Object.entries(loop.visibility())) {
      const nested = loop.field(id);
      if (shown && nested) entry[id] = fieldPayloadValue(nested, loop.answer(id), '');
    }
    return entry;
  });
}

function clientValue(context: EvaluationContext, source: string): PayloadValue {
  const client = context.client;
  if (!client) return null;
  if (source === 'fullName') return clientFullName(client);
  const known: Record<string, string> = {
    userId: client.userId,
    firstName: client.firstName,
    surname: client.surname,
    email: client.email,
    teamId: client.teamId,
    teamName: client.teamName,
  };
  return known[source] ?? null;
}

/** The payload: each payload field's value under its targetId; a hidden field sends null. */
export function buildWebhookPayload(
  definition: FormDefinition,
  webhook: Webhook,
  values: unknown,
  context: EvaluationContext = guestContext,
): Payload {
  const reader = formEvaluator(definition, values, context);
  const payload: Payload = {};
  for (const source of webhook.payloadFields) {
    if (source.category === 'client') payload[source.targetId] = clientValue(context, source.sourceId);
    else if (source.category === 'customField')
      payload[source.targetId] = context.client?.customFields[source.sourceId] ?? null;
    else payload[source.targetId] = fieldValue(definition, source, reader, values);
  }
  return payload;
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Headers as the spec describes them: Content-Type text/plain with a body, plus the header the
 * organiser set (headerKey, e.g. Authorization, with headerValue; or 'Custom' with headerValue
 * written 'Name: value'). A header set by the organiser replaces a default of the same name.
 */
export function webhookHeaders(webhook: Webhook): Record<string, string> {
  const headers: Record<string, string> = {};
  if (webhook.requestMethod !== 'GET') headers['Content-Type'] = 'text/plain; charset=utf-8';
  let name = webhook.headerKey;
  let value = webhook.headerValue.trim();
  if (name === 'Custom') {
    const colon = value.indexOf(':');
    name = colon > 0 ? value.slice(0, colon).trim() : '';
    value = colon > 0 ? value.slice(colon + 1).trim() : '';
  }
  if (!name || !value || !HEADER_NAME.test(name) || /[\r\n]/.test(value)) return headers;
  for (const existing of Object.keys(headers)) {
    if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  }
  headers[name] = value;
  return headers;
}

/** The request to send: method, URL (GET carries the payload in its query), headers and body. */
export function buildWebhookRequest(
  definition: FormDefinition,
  webhook: Webhook,
  values: unknown,
  context: EvaluationContext = guestContext,
): WebhookRequest {
  const payload = buildWebhookPayload(definition, webhook, values, context);
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
