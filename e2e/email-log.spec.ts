import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expectAccessible, expectSettled, seeded, signIn } from './support';
import { expect, type Locator, test } from './test';

/**
 * The address an email's opens and clicks report to, as the seeded server printed it with the
 * email (no SMTP in the journeys: the outbox prints each email, and with it this address).
 */
async function trackingOf(to: string, subject: string): Promise<string> {
  // The email job runs on the queue: at a busy machine's pace, allow a minute and a half.
  for (let attempt = 0; attempt < 360; attempt++) {
    const block = readFileSync('.tmp/e2e-seeded.log', 'utf8')
      .split('\n  Email to ')
      .findLast((b) => b.startsWith(`${to}: `) && b.split('\n')[0].includes(subject));
    const line = block?.split('\n').find((l) => l.includes('Opens and clicks: '));
    if (line) return line.split('Opens and clicks: ')[1].trim();
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${to} with subject ${subject}`);
}

type Entry = { id: string; type: string; templateId: string };

test('an organiser sees a person open and click an email in the delivery log, pages through it and resends from it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { eventId, admin } = seeded();
  const stamp = Date.now();
  const person = { firstName: 'Elin', surname: `Hughes${stamp}`, email: `elin.${stamp}@llyn-larder.example` };
  const title = `Stand guide ${stamp}`;
  const guide = `https://harbourside.example/stand-guide/${stamp}`;
  await signIn(page, admin.email, admin.password);
  const call = async (method: string, path: string, data: object = {}) => {
    const res = await page.request.fetch(`/api/events/${eventId}${path}`, {
      method,
      // A resend of a hundred sends them all before it answers.
      timeout: 120_000,
      ...(method === 'GET' ? {} : { data }),
    });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return res.status() === 204 ? null : res.json();
  };

  // A team whose new owner gets the set-password email (a one-time link: never copied).
  const team: { id: string; ownerId: string } = await call('POST', '/teams', {
    name: `Llyn Larder ${stamp}`,
    owner: person,
  });
  // A public form that emails the address answered in it, with a link in the message.
  const made = await call('POST', '/forms', { form: { title, isPublished: true, isPublic: true } });
  const formId: string = made.form.id;
  const email = { id: randomUUID(), type: 'email', label: 'Your email', isRequired: true };
  await call('POST', `/forms/${formId}/lock`);
  await call('PUT', `/forms/${formId}`, {
    form: { title, isPublished: true, isPublic: true, fieldIds: [email.id] },
    newFields: [email],
    removedFieldIds: [made.fields[0].id],
  });
  await call('DELETE', `/forms/${formId}/lock`);
  await call('POST', `/forms/${formId}/notifications`, {
    name: 'Your stand guide',
    message: `<p>Read <a href="${guide}">the stand guide</a> before build-up.</p>`,
    sendToType: 'field',
    sendTo: email.id,
  });
  const submitted = await page.request.post(`/api/guests/forms/${formId}/submissions`, {
    data: { values: { [email.id]: person.email } },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);

  // The person's mail client shows the email (the pixel) and they click the guide's link.
  const tracking = await trackingOf(person.email, title);
  const pixel = await page.request.get(`${tracking}/open.gif`);
  expect(pixel.status()).toBe(200);
  expect(pixel.headers()['content-type']).toBe('image/gif');
  let clicked = false;
  for (let n = 0; n < 5 && !clicked; n++) {
    const res = await page.request.get(`${tracking}/links/${n}`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    clicked = res.headers().location === guide;
  }
  expect(clicked, 'the guide link redirects through tracking').toBe(true);

  // The organiser reads it on the person's screen: sent (kept: no SMTP), opened, clicked. The
  // admin belongs to two events and other journeys switch between them: open this one first.
  await page.goto('/my-events');
  await page.getByRole('button', { name: 'Open Harbourside Food & Drink Expo 2027' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/admin/teams/${team.id}/${team.ownerId}`);
  const log = page.getByRole('table', { name: 'Emails' });
  const rowOf = (status: string) =>
    log
      .getByRole('row')
      .filter({ hasText: title })
      .filter({ has: page.getByText(status, { exact: true }) });
  await expect(rowOf('click')).toContainText(`Clicked ${guide}`);
  await expect(rowOf('open')).toContainText('Opened');
  await expect(rowOf('pending')).toContainText(person.email);
  await expect(log.getByRole('row').filter({ hasText: 'Set your password' })).toContainText('pending');
  await expectAccessible(page, 'team member with the email log');

  // Resend the set-password email and the guide: the one-time link is refused in the spec's words.
  await selectRow(log.getByRole('row').filter({ hasText: 'Set your password' }));
  await selectRow(rowOf('pending'));
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Resend' }).click();
  await expect(
    page.getByText(
      'Failed to send 1 emails: Email 1: link - This email held a one-time link; send a new one instead',
    ),
  ).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: title }).filter({ hasText: 'pending' })).toHaveCount(2);

  // More than a page (100): copies of the guide, made as the Resend button makes them.
  const entries = `/users/${team.ownerId}/emails`;
  for (let total = 0; total <= 110; ) {
    const list: { items: Entry[]; total: number } = await call('GET', entries);
    total = list.total;
    if (total > 110) break;
    const ids = list.items.filter((e) => e.templateId !== 'setPassword').map((e) => e.id);
    await call('POST', `${entries}/resend`, { ids: ids.slice(0, 100) });
  }
  await page.reload();
  await expectSettled(page);
  await expect(log.getByRole('row')).toHaveCount(101);
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  // Newest first: the oldest, the set-password email, is on the last page.
  await expect(log.getByRole('row').filter({ hasText: 'Set your password' })).toHaveCount(1);
  await expectAccessible(page, 'the email log, page 2');

  // Resend one from page 2: a copy is sent and shows first on page 1.
  const before: { total: number } = await call('GET', entries);
  await selectRow(log.getByRole('row').filter({ hasText: title }).last());
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText('1 email sent again')).toBeVisible();
  await expect
    .poll(async () => ((await call('GET', entries)) as { total: number }).total)
    .toBe(before.total + 1);
  await pages.getByRole('button', { name: 'Page 1' }).click();
  await expectSettled(page);
  await expect(log.getByRole('row').nth(1)).toContainText(title);
  await expect(log.getByRole('row').nth(1)).toContainText('pending');
});

async function selectRow(row: Locator): Promise<void> {
  await row.first().getByRole('checkbox', { name: 'Select row' }).check();
}
