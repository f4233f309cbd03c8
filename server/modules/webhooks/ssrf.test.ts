import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeEvent, type TestApp } from '../../test/harness';
import type { Resolved } from './delivery/policy';
import { retryDueDeliveries, setWebhookResolver } from './jobs';
import { formWebhooks, webhookDeliveries } from './tables';
import { startReceiver, webhookWorld } from './webhooksTestKit';

/**
 * The SSRF battery: with WEBHOOK_ALLOW_PRIVATE off, every vector is refused when the URL is saved,
 * and again when a URL already stored (saved under other rules, or whose DNS answer changed)
 * is sent to; a listener on the loopback interface receives nothing either way.
 */
describe('webhook destinations: server-side request forgery refused at save and at send', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof webhookWorld>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** The DNS the app sees: names below answer as listed; any other name is public. */
  const dns = new Map<string, Resolved[]>();

  beforeAll(async () => {
    t = await createTestApp();
    setWebhookResolver(t.ctx, async (name) => dns.get(name) ?? [{ address: '93.184.215.14', family: 4 }]);
    w = await webhookWorld(t, await makeEvent(t));
    receiver = await startReceiver();
    dns.set('loop.attacker.example', [{ address: '127.0.0.1', family: 4 }]);
    dns.set('mixed.attacker.example', [
      { address: '93.184.215.14', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    dns.set('six.attacker.example', [{ address: '::1', family: 6 }]);
    dns.set('metadata.attacker.example', [{ address: '169.254.169.254', family: 4 }]);
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  const port = () => receiver.port;
  const vectors = (): [string, string][] => [
    ['loopback', `http://127.0.0.1:${port()}/hook`],
    ['loopback elsewhere in 127/8', `http://127.9.9.9:${port()}/hook`],
    ['localhost', `http://localhost:${port()}/hook`],
    ['a *.localhost name', `http://api.localhost:${port()}/hook`],
    ['IPv4 in decimal', `http://2130706433:${port()}/hook`],
    ['IPv4 in hex', `http://0x7f000001:${port()}/hook`],
    ['IPv4 in octal', `http://0177.0.0.1:${port()}/hook`],
    ['IPv4 shortened', `http://127.1:${port()}/hook`],
    ['a public address in decimal', 'http://1572395042/hook'],
    ['unspecified', `http://0.0.0.0:${port()}/hook`],
    ['private 10/8', 'http://10.0.0.5/hook'],
    ['private 172.16/12', 'http://172.16.4.4/hook'],
    ['private 192.168/16', 'http://192.168.1.10/hook'],
    ['CGNAT', 'http://100.64.0.9/hook'],
    ['link-local', 'http://169.254.10.10/hook'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['multicast', 'http://224.0.0.251/hook'],
    ['broadcast', 'http://255.255.255.255/hook'],
    ['IPv6 loopback', `http://[::1]:${port()}/hook`],
    ['IPv6 unique local', 'http://[fd12:3456::1]/hook'],
    ['IPv6 link-local', 'http://[fe80::1]/hook'],
    ['IPv6 multicast', 'http://[ff02::1]/hook'],
    ['IPv4-mapped IPv6', `http://[::ffff:127.0.0.1]:${port()}/hook`],
    ['IPv4-mapped IPv6 in hex', `http://[::ffff:7f00:1]:${port()}/hook`],
    ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/hook'],
    ['a name resolving to loopback', `http://loop.attacker.example:${port()}/hook`],
    ['a name with a public and a loopback answer', `http://mixed.attacker.example:${port()}/hook`],
    ['a name resolving to IPv6 loopback', `http://six.attacker.example:${port()}/hook`],
    ['a name resolving to metadata', 'http://metadata.attacker.example/latest'],
    ['a credentials-in-URL trick', `http://user:pass@127.0.0.1:${port()}/hook`],
    ['ftp', 'ftp://files.example.com/hook'],
    ['file', 'file:///etc/passwd'],
    ['gopher', `gopher://127.0.0.1:${port()}/_x`],
    ['javascript', 'javascript:alert(1)'],
  ];

  it('refuses every vector when the webhook is saved (400, at requestURL), and stores nothing', async () => {
    for (const [name, url] of vectors()) {
      const res = await w.forms.call('POST', w.admin, w.base, w.body(url));
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message, name).toBe('Invalid webhook');
      expect(
        res.json().error.issues.some((issue: { path: string[] }) => issue.path.includes('requestURL')),
        name,
      ).toBe(true);
    }
    // Editing a good webhook to a bad URL is refused the same way.
    const { webhook } = await w.createWebhook('https://crm.example.com/hook');
    const edit = await w.forms.call('PUT', w.admin, `${w.base}/${webhook.id}`, w.body(vectors()[0][1]));
    expect(edit.statusCode).toBe(400);
    const [kept] = await t.ctx.db.select().from(formWebhooks).where(eq(formWebhooks.id, webhook.id));
    expect(kept.requestUrl).toBe('https://crm.example.com/hook');
    expect(await t.ctx.db.select().from(formWebhooks)).toHaveLength(1);
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses every vector again at send, for a URL already stored: the listener receives nothing', async () => {
    const { webhook } = await w.createWebhook('https://crm.example.com/hook');
    for (const [name, url] of vectors().filter(([, u]) => /^https?:/.test(u))) {
      // As if saved before the rules tightened, or by hand: the send must not trust the save.
      await t.ctx.db.update(formWebhooks).set({ requestUrl: url }).where(eq(formWebhooks.id, webhook.id));
      const sent = await w.forms.call('POST', w.admin, `${w.base}/${webhook.id}/test`, {});
      expect(sent.statusCode, name).toBe(201);
      const [delivery] = await t.ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, sent.json().id));
      expect(delivery.statusCode, name).toBeNull();
      expect(delivery.error, name).toMatch(/may not|IPv4|localhost|password/);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('catches a DNS answer that changes between save and send (rebinding), on the first try and on retries', async () => {
    dns.set('rebind.attacker.example', [{ address: '93.184.215.14', family: 4 }]);
    const { webhook } = await w.createWebhook(`http://rebind.attacker.example:${port()}/hook`);
    dns.set('rebind.attacker.example', [{ address: '127.0.0.1', family: 4 }]);
    await w.submit({ [w.company.id]: 'Harbour Lights' });
    const inWebhook = eq(webhookDeliveries.webhookId, webhook.id);
    const [delivery] = await t.ctx.db.select().from(webhookDeliveries).where(inWebhook);
    expect(delivery).toMatchObject({ kind: 'submitted', state: 'pending', attempt: 1, statusCode: null });
    expect(delivery.error).toMatch(/loopback address \(127\.0\.0\.1\)/);
    await retryDueDeliveries(t.ctx, new Date(Date.now() + 2 * 60_000));
    const [again] = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(and(inWebhook, eq(webhookDeliveries.id, delivery.id)));
    expect(again.attempt).toBe(2);
    expect(receiver.received).toHaveLength(0);
  });
});
