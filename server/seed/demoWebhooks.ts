import { newWebhookSecret } from '../modules/webhooks/delivery/service';
import { formWebhooks } from '../modules/webhooks/tables';
import type { Tx } from '../platform/db/client';
import { SYSTEM_ACTOR } from '../platform/db/columns';
import type { SeededForm } from './demoSubmissions';

/**
 * The fixture forms' webhooks (catering order to the caterer, exhibitor profile to the CRM), so the
 * demo shows the manage, edit and view screens with a real payload mapping. They are stored
 * inactive: their hosts are .example names nobody answers, and a demo must send nothing out.
 */
export async function seedDemoWebhooks(tx: Tx, eventId: string, forms: readonly SeededForm[]) {
  for (const { fixture, formId, idMap } of forms) {
    const to = (id: string) => idMap.get(id) ?? id;
    for (const webhook of fixture.webhooks) {
      await tx.insert(formWebhooks).values({
        eventId,
        formId,
        name: webhook.name,
        isActive: false,
        rules: webhook.rules.map((rule) => ({
          ...rule,
          sourceId: to(rule.sourceId),
          nestedId: to(rule.nestedId),
        })),
        requestUrl: webhook.requestURL,
        requestMethod: webhook.requestMethod,
        requestFormat: webhook.requestFormat,
        headerKey: webhook.headerKey,
        headerValue: webhook.headerValue,
        // Field sources (and a template's nested field) follow the form's new ids.
        payloadFields: webhook.payloadFields.map((p) =>
          p.category === 'field' ? { ...p, sourceId: to(p.sourceId), nestedKey: to(p.nestedKey) } : p,
        ),
        secret: newWebhookSecret(),
        createdBy: SYSTEM_ACTOR,
        updatedBy: SYSTEM_ACTOR,
      });
    }
  }
}
