import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expectAccessible, seeded, signIn } from './support';
import { expect, type Locator, type Page, test } from './test';

async function pick(page: Page, scope: Locator | Page, combobox: string, option: string) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits for the seeded server to print an email (no SMTP in the journeys: the outbox prints each). */
async function emailed(to: string, subject: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    if (readFileSync('.tmp/e2e-seeded.log', 'utf8').includes(`Email to ${to}: ${subject}`)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${to} with subject ${subject}`);
}

test('a moderator adds a form notification to the email answered in a field, and a submission sends it', async ({
  page,
}) => {
  const { eventId, users } = seeded();
  const stamp = Date.now();
  const title = `Contractor pack ${stamp}`;
  const contractor = `tom.${stamp}@apex-build.example`;
  const archive = `archive.${stamp}@eventco.example`;
  await signIn(page, users.moderator.email, users.moderator.password);
  const call = async (method: string, path: string, data: object = {}) => {
    const res = await page.request.fetch(`/api/events/${eventId}${path}`, { method, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return res.status() === 204 ? null : res.json();
  };
  // The form, public so that a guest can submit it, as the builder saves it.
  const made = await call('POST', '/forms', { form: { title, isPublished: true, isPublic: true } });
  const formId: string = made.form.id;
  const email = { id: randomUUID(), type: 'email', label: 'Contractor email', isRequired: true };
  const notes = { id: randomUUID(), type: 'text', label: 'Notes' };
  await call('POST', `/forms/${formId}/lock`);
  await call('PUT', `/forms/${formId}`, {
    form: { title, isPublished: true, isPublic: true, fieldIds: [email.id, notes.id] },
    newFields: [email, notes],
    removedFieldIds: [made.fields[0].id],
  });
  await call('DELETE', `/forms/${formId}/lock`);

  // From the builder's quick link: the admin and user defaults every form starts with.
  await page.goto(`/admin/forms/${formId}`);
  // The form's quick links, not the sidebar's or the bell's Notifications.
  await page.getByTestId('page-aside').getByRole('link', { name: 'Notifications', exact: true }).click();
  await expect(page.getByRole('heading', { name: `${title}: notifications`, level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Notifications' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("The event's admins");
  await expect(rows.nth(2)).toContainText('The person who submitted');
  await expectAccessible(page, 'notifications');

  await page.getByRole('link', { name: 'Add notification' }).click();
  await expect(page.getByRole('heading', { name: 'Add notification', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Contractor copy');
  await pick(page, page, 'Send to', 'The email answered in a field');
  await pick(page, page, 'Email field', 'Contractor email');
  await page.getByRole('textbox', { name: 'Bcc' }).fill(archive);
  await page.getByRole('textbox', { name: 'Reply-to' }).fill('operations@eventco.example');
  await page.getByRole('switch', { name: "Use the form's title as the subject" }).uncheck();
  await page.getByRole('textbox', { name: 'Subject' }).fill(`Your pack ${stamp}`);
  await page.getByRole('textbox', { name: 'Message' }).fill('Here is what the exhibitor asked for.');
  await expectAccessible(page, 'add notification');
  await page.getByRole('button', { name: 'Add notification' }).click();
  await expect(page.getByText('The notification has been added')).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(3)).toContainText('Contractor copy');
  await expect(rows.nth(3)).toContainText('The email answered in a field');

  // A guest submits: the job emails the contractor and the bcc address, with the custom subject.
  const submitted = await page.request.post(`/api/guests/forms/${formId}/submissions`, {
    data: { values: { [email.id]: contractor, [notes.id]: 'Power at the back' } },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  await emailed(contractor, `Your pack ${stamp}`);
  await emailed(archive, `Your pack ${stamp}`);

  // Edit: the pickers show what was saved; it can be switched off.
  await page.getByRole('link', { name: 'Edit Contractor copy' }).click();
  await expect(page.getByRole('combobox', { name: 'Email field' })).toHaveValue('Contractor email');
  await page.getByRole('switch', { name: 'Active' }).uncheck();
  await expectAccessible(page, 'edit notification');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await expect(rows.nth(3)).toContainText('Inactive');

  await page.getByRole('button', { name: 'Delete Contractor copy' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Notification deleted successfully')).toBeVisible();
  await expect(rows).toHaveCount(3);
});
