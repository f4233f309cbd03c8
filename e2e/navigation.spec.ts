import { expectAccessible, seeded, signIn } from './support';
import { expect, test } from './test';

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  await expectAccessible(page, '404');
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
});

test('the auth root redirects to sign-in, and a wrong password shows the spec text', async ({ page }) => {
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email').fill('nobody@harbourside.example');
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
});

test('a user without the level sees the unauthorised screen', async ({ page }) => {
  const { viewer } = seeded().users;
  await signIn(page, viewer.email, viewer.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/admin/i);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/unauthorised/);
  await expectAccessible(page, 'unauthorised');
});
