import { expectAccessible, expectLoaded, seeded, signIn } from './support';
import { expect, test } from './test';

test('an admin makes an API token, sees its secret once, uses it, revokes it and finds it all in the audit trail', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const { admin } = seeded();
  const name = `CRM ${Date.now()}`;
  await signIn(page, admin.email, admin.password);
  // The admin belongs to two events and other journeys switch between them: open this one first.
  await page.goto('/my-events');
  await page.getByRole('button', { name: 'Open Harbourside Food & Drink Expo 2027' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin/api-tokens');
  await expectLoaded(page);
  await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: 'Read', exact: true }).click();
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByRole('group', { name: 'API token' });
  await expect(shown).toContainText('evp_');
  const secret = (await shown.textContent())?.trim() ?? '';
  await expectAccessible(page, 'API tokens, secret shown');
  await page.getByRole('button', { name: 'Done' }).click();
  // Shown once: gone from the screen, and the list shows only its hint.
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');

  // The token works for its event's API, from a client with no cookie.
  const { eventId } = seeded();
  const client = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const read = await client.get(`/api/events/${eventId}/task-groups`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(read.status()).toBe(200);
  await page.reload();
  await expectLoaded(page);
  await expect(row).not.toContainText('Never');
  await page.screenshot({ path: '.tmp/shots/api-tokens.png', fullPage: true });
  await expectAccessible(page, 'API tokens');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await client.get(`/api/events/${eventId}/task-groups`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(refused.status()).toBe(401);
  await client.dispose();

  // The audit trail shows both, and filters by record type and date.
  await page.goto('/admin/audit');
  await expectLoaded(page);
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Record type' }).click();
  await page.getByRole('option', { name: 'api-tokens', exact: true }).click();
  await expectLoaded(page);
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(trail.getByRole('row').filter({ hasText: 'revoke' }).first()).toBeVisible();
  await expect(trail.getByRole('row').filter({ hasText: name }).first()).toContainText('create');
  await expect(trail).not.toContainText(secret);
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill(today);
  await expectLoaded(page);
  await expect(trail.getByRole('row').filter({ hasText: 'revoke' }).first()).toBeVisible();
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill('2020-01-02');
  await expectLoaded(page);
  await expect(page.getByText('No changes recorded.')).toBeVisible();
  await page.getByLabel('From').fill('');
  await page.getByLabel('To').fill('');
  await expectLoaded(page);
  await page.screenshot({ path: '.tmp/shots/audit.png', fullPage: true });
  await expectAccessible(page, 'Audit trail');
});
