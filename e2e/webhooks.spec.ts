import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible, seeded, signIn } from './support';
import { expect, type Page, test } from './test';

type Received = { headers: IncomingHttpHeaders; body: string };

/** The organiser's system: a receiver on this machine (the seeded server allows private addresses). */
function receiver() {
  const received: Received[] = [];
  let server: Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      const next = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          received.push({ headers: req.headers, body });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
        });
      });
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  return { received, start, stop, url: () => `http://127.0.0.1:${port}/orders` };
}

/** The check a receiver makes (Standard Webhooks). */
function signatureHolds(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`;
  return r.headers['webhook-signature'] === `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

/** A published public form with one question, made through the API as the builder saves it. */
async function makeForm(page: Page, eventId: string): Promise<{ formId: string; company: string }> {
  const call = async (method: string, path: string, data: object = {}) => {
    const res = await page.request.fetch(`/api/events/${eventId}${path}`, { method, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return res.status() === 204 ? null : res.json();
  };
  const form = { title: 'Webhook stand order', isPublished: true, isPublic: true };
  const made = await call('POST', '/forms', { form });
  const formId: string = made.form.id;
  await call('POST', `/forms/${formId}/lock`);
  const company = { id: randomUUID(), type: 'text', label: 'Company name', isRequired: true };
  await call('PUT', `/forms/${formId}`, {
    form: { ...form, fieldIds: [company.id] },
    newFields: [company],
    removedFieldIds: [made.fields[0].id],
  });
  await call('DELETE', `/forms/${formId}/lock`);
  return { formId, company: company.id };
}

test('an admin sends a form to a local receiver: signed mapped JSON on submit, a failed try while it is down, Redeliver once it is back', async ({
  page,
  playwright,
}) => {
  const { eventId, admin } = seeded();
  const crm = receiver();
  await crm.start();
  try {
    await signIn(page, admin.email, admin.password);
    // Olivia is admin of Harbourside (moderator of Northern, where webhooks are not hers).
    await page.goto('/my-events');
    await page.getByRole('button', { name: 'Open Harbourside Food & Drink Expo 2027' }).click();
    await expect(page).toHaveURL(/\/$/);
    const { formId, company } = await makeForm(page, eventId);

    // From the builder's quick link to the (empty) list, then Add webhook.
    await page.goto(`/admin/forms/${formId}`);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(
      page.getByRole('heading', { name: 'Webhook stand order: webhooks', level: 1 }),
    ).toBeVisible();
    await expectAccessible(page, 'webhooks');
    await page.getByRole('link', { name: 'Add webhook' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Stand CRM');
    await page.getByRole('textbox', { name: /^Request URL/ }).fill(crm.url());
    await page.getByRole('button', { name: 'Add payload field' }).click();
    await page.getByRole('textbox', { name: 'Key 1' }).fill('company');
    // The live preview is the body the engine builds: blank answers send null.
    await expect(page.getByRole('region', { name: 'Preview' }).getByLabel('Body')).toContainText(
      '"company": null',
    );
    await expectAccessible(page, 'add webhook');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page.getByRole('group', { name: 'Signing secret' }).textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Continue to the webhook' }).click();
    await expect(page.getByRole('heading', { name: 'Stand CRM', level: 1 })).toBeVisible();

    // A guest submits the public form; the receiver gets the mapped answer, signed with the secret.
    const guest = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    const sent = await guest.post(`/api/guests/forms/${formId}/submissions`, {
      data: { values: { [company]: 'Wharf Ropes Ltd' } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await guest.dispose();
    await expect.poll(() => crm.received.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(crm.received[0].body)).toEqual({ company: 'Wharf Ropes Ltd' });
    expect(signatureHolds(secret, crm.received[0])).toBe(true);

    const log = page.getByRole('table', { name: 'Deliveries' });
    await page.reload();
    await expect(log.getByRole('row').nth(1)).toContainText('Submitted');
    await expect(log.getByRole('row').nth(1)).toContainText('succeeded');
    await expect(log.getByRole('row').nth(1)).toContainText('200');
    await log.getByRole('button', { name: 'Response' }).first().click();
    await expect(page.getByLabel('Response')).toContainText('"received": true');
    await expectAccessible(page, 'webhook view');

    // The receiver goes down: the test send fails its first try and waits for the next.
    await crm.stop();
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(log.getByRole('row').nth(1)).toContainText('Test');
    await expect(log.getByRole('row').nth(1)).toContainText('1 of 6', { timeout: 15_000 });
    await expect(log.getByRole('row').nth(1)).toContainText('pending');

    // Back up: Redeliver sends the same payload again and succeeds.
    await crm.start();
    await log
      .getByRole('button', { name: /^Redeliver/ })
      .first()
      .click();
    await expect(log.getByRole('row').nth(1)).toContainText('Redelivery');
    await expect(log.getByRole('row').nth(1)).toContainText('succeeded', { timeout: 15_000 });
    await expect.poll(() => crm.received.length).toBe(2);
    expect(signatureHolds(secret, crm.received[1])).toBe(true);
  } finally {
    await crm.stop();
  }
});
