import { emailedLink, expectAccessible, seeded, signIn } from './support';
import { expect, test } from './test';

test('change my email through the verification link', async ({ page }) => {
  const { mover } = seeded().users;
  const newEmail = `sofia.m.${Date.now()}@harbourside.example`;
  await signIn(page, mover.email, mover.password);

  await page.goto('/my-account');
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByLabel('Current password').fill(mover.password);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`We have sent a verification link to ${newEmail}`)).toBeVisible();

  const link = await emailedLink('seeded', newEmail, '/auth/update-email');
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/update-email\/login/);
  await expectAccessible(page, 'email updated, sign in');
  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel(/^Password/).fill(mover.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await page.goto('/my-account');
  await expect(page.getByText(newEmail).first()).toBeVisible();
});
