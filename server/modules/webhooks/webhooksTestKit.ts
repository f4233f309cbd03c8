import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormDetail } from '../../../shared/forms/api';
import type { WebhookBody } from '../../../shared/webhooks/api';
import type { TestApp } from '../../test/harness';
import { formsApi, newField } from '../forms/formsTestKit';
import { teamTaskWorld } from '../tasks/teamTaskTestKit';

export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on the loopback interface, as an organiser's system would be. `status` is
 * what it answers; `stop` and `start` take it down and bring it back on the same port.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200, answer: '{"ok":true}', headers: {} as Record<string, string> };
  let server: Server;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          received.push({
            method: req.method ?? '',
            url: req.url ?? '',
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
          res
            .writeHead(state.status, { 'content-type': 'application/json', ...state.headers })
            .end(state.answer);
        });
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await start();
  return { received, state, port, url: `http://127.0.0.1:${port}/hook`, start, stop };
}

/** What a receiver does with the Standard Webhooks headers: recompute and compare the signature. */
export function verifySignature(secret: string, received: Received): boolean {
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest('base64');
  const signatures = String(received.headers['webhook-signature']).split(' ');
  return signatures.includes(`v1,${expected}`);
}

/** An event with an admin, a moderator, an exhibitor team and a published form with two fields. */
export async function webhookWorld(t: TestApp, eventId: string) {
  const w = await teamTaskWorld(t, eventId);
  const forms = formsApi(t, eventId);
  const company = newField('text', 'Company name', { isRequired: true });
  const notes = newField('area', 'Notes');
  const made = await forms.createForm(w.admin, 'Stand build');
  await forms.takeLock(w.admin, `/forms/${made.form.id}`);
  const saved = await forms.call('PUT', w.admin, `/forms/${made.form.id}`, {
    form: { title: 'Stand build', isPublished: true, isEditable: true, fieldIds: [company.id, notes.id] },
    newFields: [company, notes],
    removedFieldIds: [made.fields[0].id],
  });
  if (saved.statusCode !== 200) throw new Error(`form ${saved.statusCode} ${saved.body}`);
  const form = (saved.json() as FormDetail).form;
  const base = `/forms/${form.id}/webhooks`;

  const body = (url: string, extra: Partial<WebhookBody> = {}): WebhookBody => ({
    name: 'CRM',
    requestURL: url,
    requestMethod: 'POST',
    requestFormat: 'JSON',
    headerKey: 'Authorization',
    headerValue: 'Bearer crm-token',
    payloadFields: [
      { category: 'field', targetId: 'company', sourceId: company.id },
      { category: 'client', targetId: 'team', sourceId: 'teamName' },
    ],
    ...extra,
  });

  async function createWebhook(url: string, extra: Partial<WebhookBody> = {}) {
    const res = await forms.call('POST', w.admin, base, body(url, extra));
    if (res.statusCode !== 201) throw new Error(`createWebhook ${res.statusCode} ${res.body}`);
    return res.json() as { webhook: { id: string }; secret: string };
  }

  async function submit(values: Record<string, unknown>) {
    const res = await forms.call('POST', w.exhibitor.cookie, `/my-forms/${form.id}/submit`, {
      values,
      version: null,
    });
    if (res.statusCode !== 201) throw new Error(`submit ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; version: number };
  }

  return { ...w, forms, form, company, notes, base, body, createWebhook, submit };
}
