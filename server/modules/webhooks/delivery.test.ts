import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, type TestApp } from '../../test/harness';
import { newField } from '../forms/formsTestKit';
import { backoffMs, retryDueDeliveries } from './jobs';
import { webhookDeliveries } from './tables';
import { startReceiver, verifySignature, webhookWorld } from './webhooksTestKit';

/** Deliveries to a receiver on this machine: WEBHOOK_ALLOW_PRIVATE on, as an on-premises install. */
describe('webhook delivery: signed, retried with backoff, failed, redelivered', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof webhookWorld>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    w = await webhookWorld(t, await makeEvent(t));
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.stop().catch(() => undefined);
    await t.close();
  });

  const deliveriesOf = (webhookId: string) =>
    w.forms.call('GET', w.admin, `${w.base}/${webhookId}/deliveries`).then((res) => res.json().items);

  it('sends the mapped JSON, signed per Standard Webhooks, on submit and on update', async () => {
    const { webhook, secret } = await w.createWebhook(receiver.url);
    const submitted = await w.submit({ [w.company.id]: 'Harbour Lights', [w.notes.id]: 'corner stand' });
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first.method).toBe('POST');
    expect(JSON.parse(first.body)).toEqual({ company: 'Harbour Lights', team: 'Harbour Bakery' });
    expect(first.headers.authorization).toBe('Bearer crm-token');
    expect(first.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Number(first.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(verifySignature(secret, first)).toBe(true);
    expect(verifySignature(secret, { ...first, body: first.body.replace('Harbour', 'Harbor') })).toBe(false);

    const changed = await w.forms.call(
      'PUT',
      w.exhibitor.cookie,
      `/my-forms/${w.form.id}/submissions/${submitted.id}`,
      {
        values: { [w.company.id]: 'Harbour Lights Ltd' },
        version: submitted.version,
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(receiver.received).toHaveLength(2);
    expect(JSON.parse(receiver.received[1].body).company).toBe('Harbour Lights Ltd');
    expect(receiver.received[1].headers['webhook-id']).not.toBe(first.headers['webhook-id']);

    const log = await deliveriesOf(webhook.id);
    expect(log.map((d: { kind: string; state: string }) => [d.kind, d.state])).toEqual([
      ['updated', 'succeeded'],
      ['submitted', 'succeeded'],
    ]);
    expect(log[1]).toMatchObject({ attempt: 1, statusCode: 200, responseText: '{"ok":true}' });
    expect(log[1].durationMs).toBeGreaterThanOrEqual(0);
    await w.forms.call('DELETE', w.admin, `${w.base}/${webhook.id}`);
  });

  it('skips a webhook turned off, and the rotated secret signs from then on', async () => {
    const { webhook } = await w.createWebhook(receiver.url, { isActive: false });
    const before = receiver.received.length;
    await w.submit({ [w.company.id]: 'Quiet Co' });
    expect(receiver.received).toHaveLength(before);
    expect(await deliveriesOf(webhook.id)).toEqual([]);

    const rotated = (await w.forms.call('POST', w.admin, `${w.base}/${webhook.id}/secret`, {})).json().secret;
    const test = await w.forms.call('POST', w.admin, `${w.base}/${webhook.id}/test`, {});
    expect(test.statusCode, test.body).toBe(201);
    expect(test.json()).toMatchObject({ kind: 'test', state: 'succeeded', attempt: 1 });
    const received = receiver.received.at(-1);
    expect(received && verifySignature(rotated, received)).toBe(true);
    // A test send uses the latest submission.
    expect(JSON.parse(received?.body ?? '{}').company).toBe('Quiet Co');
    await w.forms.call('DELETE', w.admin, `${w.base}/${webhook.id}`);
  });

  it('retries a receiver that is down with growing waits, fails after six tries, and Redeliver then succeeds', async () => {
    const { webhook, secret } = await w.createWebhook(receiver.url);
    await receiver.stop();
    await w.submit({ [w.company.id]: 'Retry Co' });
    const [delivery] = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook.id));
    expect(delivery).toMatchObject({ state: 'pending', attempt: 1, statusCode: null });
    expect(delivery.error).toMatch(/ECONNREFUSED|refused/i);

    // Nothing is due before the first wait is over.
    let clock = Date.now();
    expect(await retryDueDeliveries(t.ctx, new Date(clock + 30_000))).toBe(0);
    const waits: number[] = [];
    for (let attempt = 1; attempt < 6; attempt++) {
      const [row] = await t.ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, delivery.id));
      const due = row.nextAttemptAt?.getTime() ?? 0;
      waits.push(Math.round((due - (row.lastAttemptAt?.getTime() ?? 0)) / 60_000));
      clock = due;
      expect(await retryDueDeliveries(t.ctx, new Date(clock))).toBe(1);
    }
    expect(waits).toEqual([1, 6, 36, 216, 1296]);
    expect(waits.reduce((a, b) => a + b, 0) * 60_000).toBe(
      [1, 2, 3, 4, 5].reduce((s, n) => s + backoffMs(n), 0),
    );
    const [failed] = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery.id));
    expect(failed).toMatchObject({ state: 'failed', attempt: 6, nextAttemptAt: null });
    expect(await retryDueDeliveries(t.ctx, new Date(clock + 7 * 86_400_000))).toBe(0);

    await receiver.start();
    const again = await w.forms.call(
      'POST',
      w.admin,
      `${w.base}/${webhook.id}/deliveries/${delivery.id}/redeliver`,
      {},
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ kind: 'redeliver', state: 'succeeded', statusCode: 200 });
    const received = receiver.received.at(-1);
    expect(JSON.parse(received?.body ?? '{}').company).toBe('Retry Co');
    expect(received && verifySignature(secret, received)).toBe(true);
  });

  it('keeps a non-2xx answer as a failed try, with the response cut to 8 KB, and never follows a redirect', async () => {
    const { webhook } = await w.createWebhook(receiver.url);
    receiver.state.status = 500;
    receiver.state.answer = JSON.stringify({ error: 'x'.repeat(20_000) });
    const sent = await w.forms.call('POST', w.admin, `${w.base}/${webhook.id}/test`, {});
    expect(sent.json()).toMatchObject({
      state: 'pending',
      statusCode: 500,
      error: 'The receiver answered 500',
    });
    expect(Buffer.byteLength(sent.json().responseText)).toBe(8 * 1024);

    receiver.state.status = 302;
    receiver.state.answer = '';
    receiver.state.headers = { location: `http://127.0.0.1:${receiver.port}/elsewhere` };
    const count = receiver.received.length;
    const moved = await w.forms.call('POST', w.admin, `${w.base}/${webhook.id}/test`, {});
    expect(moved.json()).toMatchObject({ state: 'pending', statusCode: 302 });
    // One request, to the receiver; the Location was not followed.
    expect(receiver.received).toHaveLength(count + 1);
    expect(receiver.received.some((r) => r.url === '/elsewhere')).toBe(false);
    receiver.state.status = 200;
    receiver.state.answer = '{"ok":true}';
    receiver.state.headers = {};
  });

  it('sends null for an answer the logic hides, even when the team sent one', async () => {
    const standType = newField('dropdown', 'Stand type', {
      options: [
        { id: 'shell', label: 'Shell scheme', value: 'shell' },
        { id: 'own', label: 'Own build', value: 'own' },
      ],
    });
    const fascia = newField('text', 'Fascia name');
    const made = await w.forms.createForm(w.admin, 'Fascia');
    await w.forms.takeLock(w.admin, `/forms/${made.form.id}`);
    const saved = await w.forms.call('PUT', w.admin, `/forms/${made.form.id}`, {
      form: {
        title: 'Fascia',
        isPublished: true,
        fieldIds: [standType.id, fascia.id],
        logicMap: {
          [standType.id]: {
            rules: [{ sourceId: standType.id, sourceType: 'dropdown', sourceValue: 'shell' }],
            thenFieldId: fascia.id,
          },
        },
      },
      newFields: [standType, fascia],
      removedFieldIds: [made.fields[0].id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const hooks = `/forms/${made.form.id}/webhooks`;
    const created = await w.forms.call('POST', w.admin, hooks, {
      ...w.body(receiver.url),
      payloadFields: [
        { category: 'field', targetId: 'stand', sourceId: standType.id },
        { category: 'field', targetId: 'fascia', sourceId: fascia.id },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await w.forms.call('POST', w.exhibitor.cookie, `/my-forms/${made.form.id}/submit`, {
      values: { [standType.id]: 'own', [fascia.id]: 'Hidden Name Ltd' },
      version: null,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const body = receiver.received.at(-1)?.body ?? '';
    expect(JSON.parse(body)).toEqual({ stand: 'own', fascia: null });
    expect(body).not.toContain('Hidden Name');
  });

  it('still refuses cloud metadata and link-local with private destinations allowed', async () => {
    const res = await w.forms.call(
      'POST',
      w.admin,
      w.base,
      w.body('http://169.254.169.254/latest/meta-data/'),
    );
    expect(res.statusCode).toBe(400);
    const decimal = await w.forms.call(
      'POST',
      w.admin,
      w.base,
      w.body(`http://2130706433:${receiver.port}/`),
    );
    expect(decimal.statusCode).toBe(400);
  });
});
