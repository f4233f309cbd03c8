import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, makeUser, signIn, type TestApp } from '../../test/harness';
import { formsApi } from '../forms/formsTestKit';
import { setWebhookResolver } from './jobs';
import { formWebhooks } from './tables';
import { webhookWorld } from './webhooksTestKit';

/** A public address for names the tests resolve themselves; nothing is sent to it here. */
const PUBLIC = [{ address: '93.184.215.14', family: 4 as const }];

describe('webhooks (admin only)', () => {
  let t: TestApp;
  let eventId: string;
  let w: Awaited<ReturnType<typeof webhookWorld>>;
  let otherAdmin: string;
  let otherFormId: string;
  let other: ReturnType<typeof formsApi>;

  beforeAll(async () => {
    t = await createTestApp();
    setWebhookResolver(t.ctx, async () => PUBLIC);
    eventId = await makeEvent(t);
    w = await webhookWorld(t, eventId);
    const otherEventId = await makeEvent(t, 'Other Show');
    otherAdmin = await signIn(t, (await makeUser(t, otherEventId, 'admin')).email);
    other = formsApi(t, otherEventId);
    otherFormId = (await other.createForm(otherAdmin, 'Theirs')).form.id;
  });
  afterAll(() => t.close());

  const rows = async () => t.ctx.db.select().from(formWebhooks).where(eq(formWebhooks.eventId, eventId));

  it('lets an admin create, read, list, edit and delete a webhook; the secret is shown only at creation', async () => {
    const res = await w.forms.call('POST', w.admin, w.base, w.body('https://crm.example.com/hooks'));
    expect(res.statusCode, res.body).toBe(201);
    const { webhook, secret } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({
      name: 'CRM',
      isActive: true,
      requestURL: 'https://crm.example.com/hooks',
    });
    expect(JSON.stringify(webhook)).not.toContain(secret);

    const read = await w.forms.call('GET', w.admin, `${w.base}/${webhook.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('whsec_');
    const list = await w.forms.call('GET', w.admin, w.base);
    expect(list.json().items.map((item: { id: string }) => item.id)).toEqual([webhook.id]);

    const edited = await w.forms.call(
      'PUT',
      w.admin,
      `${w.base}/${webhook.id}`,
      w.body('https://crm.example.com/v2', { requestFormat: 'XML', isActive: false }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ requestURL: 'https://crm.example.com/v2', requestFormat: 'XML' });

    const rotated = await w.forms.call('POST', w.admin, `${w.base}/${webhook.id}/secret`, {});
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);
    const [stored] = await rows();
    expect(stored.secret).toBe(rotated.json().secret);

    const deleted = await w.forms.call('DELETE', w.admin, `${w.base}/${webhook.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses moderators every webhook route (403), and stores nothing for them', async () => {
    const { webhook } = await w.createWebhook('https://crm.example.com/m');
    const one = `${w.base}/${webhook.id}`;
    const calls: [Parameters<typeof w.forms.call>[0], string, object?][] = [
      ['GET', w.base],
      ['POST', w.base, w.body('https://crm.example.com/x')],
      ['GET', one],
      ['PUT', one, w.body('https://crm.example.com/x')],
      ['DELETE', one],
      ['POST', `${one}/secret`, {}],
      ['GET', `${one}/deliveries`],
      ['POST', `${one}/test`, {}],
      ['POST', `${one}/deliveries/${webhook.id}/redeliver`, {}],
    ];
    for (const [method, path, payload] of calls) {
      const res = await w.forms.call(method, w.moderator.cookie, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await rows()).toHaveLength(1);
    await w.forms.call('DELETE', w.admin, one);
  });

  it("answers 404 for another event's form and webhook ids", async () => {
    const { webhook } = await w.createWebhook('https://crm.example.com/o');
    const theirs = await other.call(
      'POST',
      otherAdmin,
      `/forms/${otherFormId}/webhooks`,
      w.body('https://a.example.com'),
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    const theirId = theirs.json().webhook.id;
    // Their form through our event, and our webhook through their form.
    expect((await w.forms.call('GET', w.admin, `/forms/${otherFormId}/webhooks`)).statusCode).toBe(404);
    const viaOurs = await w.forms.call(
      'POST',
      w.admin,
      `/forms/${otherFormId}/webhooks`,
      w.body('https://b.example.com'),
    );
    expect(viaOurs.statusCode).toBe(404);
    for (const [method, path] of [
      ['GET', `${w.base}/${theirId}`],
      ['PUT', `${w.base}/${theirId}`],
      ['DELETE', `${w.base}/${theirId}`],
      ['POST', `${w.base}/${theirId}/secret`],
      ['GET', `${w.base}/${theirId}/deliveries`],
      ['POST', `${w.base}/${theirId}/test`],
      ['POST', `/forms/${otherFormId}/webhooks/${webhook.id}/secret`],
    ] as const) {
      const payload = method === 'PUT' ? w.body('https://c.example.com') : {};
      const res = await w.forms.call(method, w.admin, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // Their admin cannot reach our event at all.
    expect((await other.call('GET', otherAdmin, w.base, undefined, eventId)).statusCode).toBe(404);
    const redeliver = await w.forms.call(
      'POST',
      w.admin,
      `${w.base}/${webhook.id}/deliveries/${theirId}/redeliver`,
      {},
    );
    expect(redeliver.statusCode).toBe(404);
    await w.forms.call('DELETE', w.admin, `${w.base}/${webhook.id}`);
  });

  it("answers 400 'Invalid webhook' for a bad body and stores nothing", async () => {
    const bad = [
      { ...w.body('https://crm.example.com'), requestURL: 'not a url' },
      { ...w.body('https://crm.example.com'), requestMethod: 'PATCH' },
      { ...w.body('https://crm.example.com'), requestFormat: 'YAML' },
      { ...w.body('https://crm.example.com'), headerValue: 'a\r\nX-Injected: 1' },
      {
        ...w.body('https://crm.example.com'),
        payloadFields: [{ category: 'client', targetId: 'x', sourceId: 'password' }],
      },
      {
        ...w.body('https://crm.example.com'),
        payloadFields: [{ category: 'field', targetId: '', sourceId: w.company.id }],
      },
      { ...w.body('https://crm.example.com'), unknown: true },
      { ...w.body('https://crm.example.com'), rules: [{ sourceId: 'nope', operator: 'equals', value: 'x' }] },
      // A rule on a field the form does not have: the engine's own message.
      {
        ...w.body('https://crm.example.com'),
        rules: [{ sourceId: '00000000-0000-4000-8000-000000000000', sourceValue: 'x' }],
      },
    ];
    for (const [index, payload] of bad.entries()) {
      const res = await w.forms.call('POST', w.admin, w.base, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      // The last names a missing field: the engine's rule check answers in its own words.
      if (index < bad.length - 1) expect(res.json().error.message).toBe('Invalid webhook');
      else expect(res.json().error.issues[0].path).toEqual(['rules', 0]);
    }
    expect(await rows()).toHaveLength(0);
  });
});
