import { readFileSync } from 'node:fs';
import { expectAccessible, seeded, signIn } from './support';
import { expect, test } from './test';

/** Whether the seeded server printed an email to this address with this subject (the outbox). */
async function printedEmail(to: string, subject: string): Promise<boolean> {
  for (let attempt = 0; attempt < 40; attempt++) {
    if (readFileSync('.tmp/e2e-seeded.log', 'utf8').includes(`Email to ${to}: ${subject}`)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/**
 * Other journeys share the seeded event and its welcome email, so the template this one edits is
 * reset to the default at the end, whatever happens.
 */
test('an organiser edits the welcome email, previews it, sends a test and resets it', async ({ page }) => {
  test.setTimeout(120_000);
  const { admin, eventId } = seeded();
  await signIn(page, admin.email, admin.password);
  try {
    // The organiser works in two events: open the seeded one.
    await page.goto('/my-events');
    await page.getByRole('button', { name: 'Open Harbourside Food & Drink Expo 2027' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Email templates/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/email-templates$/);
    await expect(
      page.getByRole('cell', { name: 'Set your password for {{eventName}}', exact: true }),
    ).toBeVisible();
    await expectAccessible(page, 'email templates');

    await page.getByRole('link', { name: 'Edit Welcome', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/email-templates\/edit\/setPassword$/);
    const subject = page.getByLabel(/^Subject/);
    await subject.fill('Welcome aboard, {{firstName}}');
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('See you on the quay, ');
    // The toolbar offers this email's variables, and only those.
    await page.getByRole('button', { name: 'Insert First name' }).click();
    await expect(page.getByRole('button', { name: 'Insert Task title' })).toHaveCount(0);
    await expectAccessible(page, 'edit email template');

    // A variable the welcome does not have is refused before saving.
    await subject.fill('Hello {{taskTitle}}');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Unknown merge variable: {{taskTitle}}')).toBeVisible();
    await subject.fill('Welcome aboard, {{firstName}}');

    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('Welcome aboard, Alex')).toBeVisible();
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await expect(frame.getByText('See you on the quay, Alex')).toBeVisible();
    await page.getByRole('tab', { name: 'Plain text' }).click();
    await expect(page.getByTestId('plain-text-preview')).toContainText('See you on the quay, Alex');
    await expectAccessible(page, 'email template preview');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The email template has been saved')).toBeVisible();
    await page.getByRole('button', { name: 'Send test email' }).click();
    await expect(page.getByText(`A test email has been sent to ${admin.email}`)).toBeVisible();
    expect(await printedEmail(admin.email, '[Test] Welcome aboard, Alex')).toBe(true);

    await page.goto('/admin/email-templates');
    await expect(
      page.getByRole('cell', { name: 'Welcome aboard, {{firstName}}', exact: true }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'View Welcome', exact: true }).click();
    await expect(
      page.frameLocator('iframe[title="Email preview"]').getByText('See you on the quay, Alex'),
    ).toBeVisible();
    await expectAccessible(page, 'view email template');

    await page.goBack();
    await page.getByRole('link', { name: 'Edit Welcome', exact: true }).click();
    await page.getByRole('button', { name: 'Reset to default' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('The email template has been reset to the default')).toBeVisible();
    await expect(page.getByLabel(/^Subject/)).toHaveValue('Set your password for {{eventName}}');
  } finally {
    await page.request.delete(`/api/events/${eventId}/email-templates/setPassword`, { data: {} });
  }
});
