import { expectAccessible, seeded, signIn } from './support';
import { expect, test } from './test';

test('admin hub, the users list with sort and filters, and switching event', async ({ page }) => {
  const { admin } = seeded();
  await signIn(page, admin.email, admin.password);

  // The admin belongs to two events; open Harbourside from My events.
  await page.goto('/my-events');
  await expectAccessible(page, 'my events');
  await page.getByRole('button', { name: 'Open Harbourside Food & Drink Expo 2027' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Harbourside Food & Drink Expo 2027').first()).toBeVisible();

  await page.goto('/admin');
  await expectAccessible(page, 'admin hub');
  await page.getByRole('link', { name: /users/i }).first().click();
  await expect(page).toHaveURL(/\/admin\/users/);
  await expectAccessible(page, 'users list');

  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(6); // header + 5 people
  await expect(page.getByText('Showing 1 to 5 of 5 items')).toBeVisible();
  const firstNames = async () =>
    (await table.getByRole('row').allInnerTexts()).slice(1).map((r) => r.trim().split(/\s+/)[0]);
  expect(await firstNames()).toEqual(['Marcus', 'Olivia', 'Priya', 'Sofia', 'Tom']);

  await table.getByRole('button', { name: /name/i }).first().click();
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(firstNames).toEqual(['Tom', 'Sofia', 'Priya', 'Olivia', 'Marcus']);

  await page
    .getByLabel(/permission/i)
    .first()
    .click();
  await page.getByRole('option', { name: 'Moderator' }).click();
  await expect.poll(firstNames).toEqual(['Marcus']);

  // Switch to the other event from My events: the whole portal follows.
  await page.goto('/my-events');
  await page.getByRole('button', { name: 'Open Northern Trade Show 2027' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Northern Trade Show 2027').first()).toBeVisible();
});

test("an admin changes someone's permission and back, and cannot change their own", async ({ page }) => {
  const { admin, users } = seeded();
  await signIn(page, admin.email, admin.password);
  await page.goto('/my-events');
  await page.getByRole('button', { name: 'Open Harbourside Food & Drink Expo 2027' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row', { name: /Tom Whitfield/ })).toBeVisible();
  // Olivia has signed in and it is her own row: nothing to change there.
  await expect(table.getByRole('button', { name: 'Actions for Olivia Bennett' })).toHaveCount(0);

  // Tom (the password-reset journey's user; his level matters to no other journey) becomes a
  // Report Viewer, then a User again, so the other journeys' counts and filters stay as seeded.
  const change = async (from: string, to: string) => {
    await table.getByRole('button', { name: 'Actions for Tom Whitfield' }).click();
    await page.getByRole('menuitem', { name: 'Change permission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change permission of Tom Whitfield' });
    await dialog.getByLabel('Permission').click();
    await page.getByRole('option', { name: to }).click();
    await expectAccessible(page, 'change permission');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change permission' });
    await expect(confirm).toContainText(`Tom Whitfield will be ${to} instead of ${from}`);
    await confirm.getByLabel("Type 'CONFIRM' to continue").fill('CONFIRM');
    await confirm.getByRole('button', { name: 'Change permission' }).click();
    await expect(page.getByText(`Tom Whitfield is now ${to}`)).toBeVisible();
    await expect(table.getByRole('row', { name: /Tom Whitfield/ })).toContainText(to);
  };
  await change('User', 'Report Viewer');
  await change('Report Viewer', 'User');
  expect(users.resetter.email).toContain('tom.whitfield');
});
