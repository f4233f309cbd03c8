import { expectAccessible } from './support';
import { expect, test } from './test';

// Runs against the "fresh" server: an empty data dir, so the first visit offers setup.
test('first-run setup, sign in, update my name, sign out', async ({ page }) => {
  const password = `Setup-${Date.now()}-pass`;
  await page.goto('/');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'setup');

  await page.getByLabel('First name').fill('Olivia');
  await page.getByLabel('Surname').fill('Bennett');
  await page.getByLabel('Email').fill('Olivia.Bennett@Harbourside.example ');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Event name').fill('Harbourside Food & Drink Expo 2027');
  await page.getByLabel('Short name').fill('Harbourside Expo');
  await page.getByLabel('Start date').fill('2027-05-10');
  await page.getByLabel('End date').fill('2027-05-12');
  await expect(page.getByLabel('App URL')).toHaveValue(`http://localhost:${process.env.E2E_PORT ?? 3201}`);
  await page.getByRole('button', { name: 'Create account and event' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olivia');
  await expect(page.getByText('Harbourside Food & Drink Expo 2027').first()).toBeVisible();
  await expectAccessible(page, 'dashboard');

  // Setup is gone once an account exists.
  expect(await (await page.request.get('/api/setup')).json()).toEqual({ required: false });
  await page.goto('/setup');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();

  // Sign out, then sign in with the account setup made.
  await page.goto('/');
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expectAccessible(page, 'login');
  await page.getByLabel('Email').fill('olivia.bennett@harbourside.example');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Update my name.
  await page.goto('/my-account');
  await expectAccessible(page, 'my account');
  await page.getByLabel('First name').fill('Liv');
  await page.getByLabel('Last name').fill('Bennett-Hart');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your updates have been successfully saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Liv');
  await expect(page.getByLabel('Last name')).toHaveValue('Bennett-Hart');

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/auth\/login\?continuePath=/);
});
