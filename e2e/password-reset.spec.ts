import { emailedLink, expectAccessible, seeded, signIn } from './support';
import { expect, test } from './test';

test('forgot password, open the emailed link, reset, sign in with the new password', async ({ page }) => {
  const { resetter } = seeded().users;
  const newPassword = `Reset-${Date.now()}-pw`;

  await page.goto('/auth/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password/);
  await expectAccessible(page, 'forgot password');
  await page.getByLabel('Email').fill(resetter.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/sent a link/i)).toBeVisible();

  const link = await emailedLink('seeded', resetter.email, '/auth/reset-password');
  await page.goto(link);
  await expect(page.getByLabel('Email')).toHaveValue(resetter.email);
  await expectAccessible(page, 'reset password');
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: /reset password|save password|set password/i }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(resetter.email);
  await page.getByLabel(/^Password/).fill(resetter.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await signIn(page, resetter.email, newPassword);

  // The link was single use.
  await page.goto(link);
  await expect(page.getByText('The action code provided is invalid.')).toBeVisible();
});
